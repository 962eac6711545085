import type { FastifyBaseLogger } from 'fastify'
import type { AssistantSource, ChatTurn } from '@/contract/assistant'
import type { Config } from '../../config'
import type { Knowledge, KnowledgeContext } from './knowledge/types'
import { OpenAiAssistant, OpenAiChatModel } from './openai'
import { LocalAnswerer } from './sandbox'

/** One visitor question, with what the server knows around it. */
export interface AssistantQuestion {
  question: string
  /** Earlier turns of the conversation, oldest first. */
  history: ChatTurn[]
  /** The service or project the page is about, resolved from the server's own content. */
  context: KnowledgeContext | null
  knowledge: Knowledge
}

export interface AssistantAnswer {
  reply: string
  sources: AssistantSource[]
  /** True when the local answerer produced the reply. */
  sandbox: boolean
}

/** ARCHITECTURE §5: a model-backed implementation when AI_BASE_URL is set, the local answerer otherwise. */
export interface Assistant {
  readonly sandbox: boolean
  answer(question: AssistantQuestion): Promise<AssistantAnswer>
}

/** The model-backed assistant when AI_BASE_URL is configured, the local answerer otherwise. */
export function createAssistant(ai: Config['ai'], log: Pick<FastifyBaseLogger, 'warn'>): Assistant {
  if (!ai) return new LocalAnswerer()
  return new OpenAiAssistant(
    new OpenAiChatModel({ baseUrl: ai.baseUrl, apiKey: ai.apiKey, model: ai.model }),
    log,
  )
}
