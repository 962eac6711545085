import * as z from 'zod/mini'
import { MAX_HISTORY_MESSAGE_LENGTH, MAX_HISTORY_MESSAGES, MAX_QUESTION_LENGTH } from './assistant-texts'

// Texts and limits live apart from the schemas so the floating button can use them without zod.
export * from './assistant-texts'

export const chatRoleSchema = z.enum(['user', 'assistant'])
export type ChatRole = z.infer<typeof chatRoleSchema>

const slugSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(200))

/**
 * What the visitor is looking at. Only identifiers travel: the server looks the service or project up in
 * its own content, so no text from the page can instruct the model.
 */
export const assistantContextSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('home') }),
  z.object({ kind: z.literal('service'), slug: slugSchema }),
  z.object({ kind: z.literal('project'), slug: slugSchema }),
])
export type AssistantContext = z.infer<typeof assistantContextSchema>

const questionText = (max: number) =>
  z
    .string({ error: 'This field is required.' })
    .check(
      z.trim(),
      z.minLength(1, 'Please type a question.'),
      z.maxLength(max, `Ensure this field has no more than ${max} characters.`),
    )

export const chatTurnSchema = z.object({
  role: chatRoleSchema,
  content: questionText(MAX_HISTORY_MESSAGE_LENGTH),
})
export type ChatTurn = z.infer<typeof chatTurnSchema>

export const assistantChatRequestSchema = z.object({
  message: questionText(MAX_QUESTION_LENGTH),
  /** The conversation before `message`, oldest first. */
  history: z._default(
    z
      .array(chatTurnSchema)
      .check(z.maxLength(MAX_HISTORY_MESSAGES, `Send at most ${MAX_HISTORY_MESSAGES} earlier messages.`)),
    [],
  ),
  /** The path of the page the question was asked on. */
  page: z.optional(z.string().check(z.maxLength(300), z.regex(/^\/[^\s]*$/, 'Must be a site path.'))),
  context: z.optional(z.nullable(assistantContextSchema)),
})
export type AssistantChatRequest = z.input<typeof assistantChatRequestSchema>

export const assistantSourceSchema = z.object({ title: z.string(), url: z.string() })
export type AssistantSource = z.infer<typeof assistantSourceSchema>

export const assistantChatResponseSchema = z.object({
  reply: z.string(),
  /** The site pages the answer was built from, as site-relative links. */
  sources: z.array(assistantSourceSchema),
  /** True when the local answerer replied (no AI service configured, or it failed). */
  sandbox: z.boolean(),
})
export type AssistantChatResponse = z.infer<typeof assistantChatResponseSchema>

/** Spec 000 §3 "Chat message", plus the sources an answer cited. */
export const chatMessageSchema = z.object({
  id: z.string(),
  role: chatRoleSchema,
  content: z.string(),
  timestamp: z.string(),
  sources: z.optional(z.array(assistantSourceSchema)),
})
export type ChatMessage = z.infer<typeof chatMessageSchema>
