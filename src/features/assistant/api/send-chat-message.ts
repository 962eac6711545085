import {
  assistantChatResponseSchema,
  type AssistantChatRequest,
  type AssistantChatResponse,
} from '@/contract/assistant'
import { apiRequest } from '@/lib/api-client'

export const ASSISTANT_CHAT_PATH = '/api/public/assistant/chat/'

/** Asks the server's assistant; the browser never talks to an AI service itself. */
export function sendChatMessage(body: AssistantChatRequest): Promise<AssistantChatResponse> {
  return apiRequest(ASSISTANT_CHAT_PATH, {
    method: 'POST',
    json: body,
    schema: assistantChatResponseSchema,
  })
}
