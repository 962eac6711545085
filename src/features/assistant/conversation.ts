import * as z from 'zod/mini'
import {
  assistantTexts,
  chatMessageSchema,
  MAX_HISTORY_MESSAGE_LENGTH,
  MAX_HISTORY_MESSAGES,
  type AssistantSource,
  type ChatMessage,
  type ChatRole,
  type ChatTurn,
} from '@/contract/assistant'
import { sessionStore } from '@/lib/storage'

/** The conversation lives for the browser session (spec 000: kept while the tab is open). */
export const CONVERSATION_KEY = 'cypher-assistant-conversation'
const MAX_STORED_MESSAGES = 60

/** A message as the window keeps it: the spec's fields, plus whether it is the failure apology. */
export type ConversationMessage = ChatMessage & { failed?: boolean }

const storedSchema = z.object({
  messages: z.array(z.extend(chatMessageSchema, { failed: z.optional(z.boolean()) })),
  sandbox: z.boolean(),
})
export type StoredConversation = z.infer<typeof storedSchema>

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
}

export function createMessage(
  role: ChatRole,
  content: string,
  extra: { sources?: AssistantSource[]; failed?: boolean } = {},
): ConversationMessage {
  return { id: newId(), role, content, timestamp: new Date().toISOString(), ...extra }
}

export function freshConversation(): StoredConversation {
  return { messages: [createMessage('assistant', assistantTexts.greeting)], sandbox: false }
}

export function loadConversation(): StoredConversation {
  const raw = sessionStore.get(CONVERSATION_KEY)
  if (!raw) return freshConversation()
  try {
    const parsed = storedSchema.safeParse(JSON.parse(raw))
    if (parsed.success && parsed.data.messages.length > 0) return parsed.data
  } catch {
    // A damaged entry starts a new conversation.
  }
  return freshConversation()
}

export function saveConversation(conversation: StoredConversation): void {
  sessionStore.set(
    CONVERSATION_KEY,
    JSON.stringify({ ...conversation, messages: conversation.messages.slice(-MAX_STORED_MESSAGES) }),
  )
}

/**
 * The turns sent with a question: the latest exchanges without the greeting and without failure
 * apologies, which are ours and not part of what the visitor discussed.
 */
export function historyFor(messages: ConversationMessage[]): ChatTurn[] {
  return messages
    .slice(1)
    .filter((m) => !m.failed && m.content.trim() !== '')
    .slice(-MAX_HISTORY_MESSAGES)
    .map((m) => ({ role: m.role, content: m.content.slice(0, MAX_HISTORY_MESSAGE_LENGTH) }))
}

/** The reply split into words, each with the whitespace before it, so a prefix keeps the line breaks. */
export function splitWords(text: string): string[] {
  return text.match(/\s*\S+/g) ?? []
}
