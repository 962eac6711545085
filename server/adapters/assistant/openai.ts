import type { FastifyBaseLogger } from 'fastify'
import type { Service } from '@/contract/services'
import type { Assistant, AssistantAnswer, AssistantQuestion } from './types'
import { detectIntents } from './local/intents'
import { findSubjects, hasSubjects, implicitSubjects } from './local/subjects'
import { checkFigures } from './model/fact-check'
import { composeMessages, type CompletionMessage } from './model/prompt'

/** Longer model replies are cut: the window is a chat, not a document. */
const MAX_REPLY_LENGTH = 2000

export interface ChatModelOptions {
  /** The API root including its version, e.g. https://api.openai.com/v1; `/chat/completions` is appended. */
  baseUrl: string
  apiKey: string | undefined
  model: string
  /** Per attempt; the one retry gets the same budget. */
  timeoutMs?: number
  maxTokens?: number
}

export class ChatModelError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message)
    this.name = 'ChatModelError'
  }
}

export const DEFAULT_MODEL_TIMEOUT_MS = 12_000

/**
 * Any OpenAI-compatible chat-completions endpoint (OpenAI, Azure-style gateways, vLLM, Ollama, LM Studio):
 * one non-streaming call, the reply is the first choice's message content, one retry on a timeout,
 * a network failure, 429 or 5xx.
 */
export class OpenAiChatModel {
  private readonly url: string
  private readonly timeoutMs: number

  constructor(private readonly options: ChatModelOptions) {
    this.url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`
    this.timeoutMs = options.timeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS
  }

  get model(): string {
    return this.options.model
  }

  async complete(messages: CompletionMessage[]): Promise<string> {
    try {
      return await this.attempt(messages)
    } catch (error) {
      if (error instanceof ChatModelError && !error.retryable) throw error
      return this.attempt(messages)
    }
  }

  private async attempt(messages: CompletionMessage[]): Promise<string> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' }
    if (this.options.apiKey) headers.Authorization = `Bearer ${this.options.apiKey}`
    let response: Response
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          model: this.options.model,
          messages,
          stream: false,
          temperature: 0.2,
          max_tokens: this.options.maxTokens ?? 400,
        }),
        signal: AbortSignal.timeout(this.timeoutMs),
      })
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError'
      throw new ChatModelError(
        timedOut ? `no answer within ${this.timeoutMs} ms` : `request failed: ${describe(error)}`,
        true,
      )
    }
    if (!response.ok) {
      // Drain the body so the connection can be reused; its text may help whoever reads the logs.
      const text = await response.text().catch(() => '')
      throw new ChatModelError(
        `HTTP ${response.status}: ${text.slice(0, 200)}`,
        response.status === 429 || response.status >= 500,
      )
    }
    let body: unknown
    try {
      body = await response.json()
    } catch {
      throw new ChatModelError('the answer was not JSON', false)
    }
    const content = firstChoiceContent(body)
    if (!content) throw new ChatModelError('the answer had no message content', false)
    return content
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : ''
    return `${error.message}${cause}`
  }
  return String(error)
}

/** `choices[0].message.content` of a chat-completions answer, trimmed; '' when absent. */
export function firstChoiceContent(body: unknown): string {
  if (!isRecord(body) || !Array.isArray(body.choices)) return ''
  const [first] = body.choices
  if (!isRecord(first) || !isRecord(first.message)) return ''
  const content = first.message.content
  return typeof content === 'string' ? content.trim() : ''
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** The services a question is about: named in it, else those of the conversation or the page. */
function questionServices(question: AssistantQuestion): Service[] {
  const { knowledge, context } = question
  const intents = detectIntents(question.question)
  const pageService = context?.kind === 'service' ? context.service : undefined
  let subjects = findSubjects(question.question, knowledge, intents, pageService)
  if (!hasSubjects(subjects)) {
    subjects = implicitSubjects(question.question, question.history, context, knowledge, intents)
  }
  return [...subjects.services, ...subjects.plans.map((p) => p.service)]
}

/**
 * The real assistant: an OpenAI-compatible model grounded in the site's content and the page's catalogue
 * facts. Its reply is shown only when every price and duration in it is one the catalogue states for what
 * the reply talks about; otherwise, and when the model fails after its one retry, the local answerer's
 * reply is shown, so a visitor never reads a wrong price and always gets an answer.
 */
export class OpenAiAssistant implements Assistant {
  readonly sandbox = false

  constructor(
    private readonly model: Pick<OpenAiChatModel, 'complete'>,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  async answer(question: AssistantQuestion): Promise<AssistantAnswer> {
    const { messages, sources, draft } = composeMessages(question)
    let reply: string
    try {
      reply = (await this.model.complete(messages)).slice(0, MAX_REPLY_LENGTH)
    } catch (error) {
      this.log.warn({ err: error }, 'assistant model failed; the local answerer replied')
      return { ...draft, sandbox: true }
    }
    const { unsupported } = checkFigures(reply, question.knowledge, {
      text: question.question,
      services: questionServices(question),
    })
    if (unsupported.length > 0) {
      this.log.warn(
        { figures: unsupported.map((f) => f.text) },
        'assistant model stated figures the catalogue does not; the local answerer replied',
      )
      return { ...draft, sandbox: true }
    }
    return { reply, sources, sandbox: false }
  }
}
