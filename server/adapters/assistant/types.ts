import type { AssistantSource, ChatTurn } from '@/contract/assistant'
import type { Knowledge, KnowledgeContext } from './knowledge/types'

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
