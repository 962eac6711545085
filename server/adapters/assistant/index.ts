import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config'
import { OpenAiAssistant, OpenAiChatModel } from './openai'
import { LocalAnswerer } from './sandbox'
import type { Assistant } from './types'

export type { AssistantQuestion, AssistantAnswer, Assistant } from './types'

/** The model-backed assistant when AI_BASE_URL is configured, the local answerer otherwise. */
export function createAssistant(ai: Config['ai'], log: Pick<FastifyBaseLogger, 'warn'>): Assistant {
  if (!ai) return new LocalAnswerer()
  return new OpenAiAssistant(
    new OpenAiChatModel({ baseUrl: ai.baseUrl, apiKey: ai.apiKey, model: ai.model }),
    log,
  )
}
