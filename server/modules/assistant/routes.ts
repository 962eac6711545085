import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { assistantChatRequestSchema, assistantChatResponseSchema } from '@/contract/assistant'
import { errorBodySchema } from '@/contract/common'
import { limits } from '../../plugins/rate-limit'
import { createAssistant } from '../../adapters/assistant'
import { AssistantService } from './service'

/** The assistant endpoint: the browser asks us, and only the server talks to an AI service. */
export const assistantRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new AssistantService(app.db, createAssistant(app.config.ai, app.log))
  app.contentChanges.onChange(() => service.forget())

  app.post(
    '/api/public/assistant/chat/',
    {
      schema: {
        tags: ['assistant'],
        summary: 'Ask the AI assistant a question',
        description:
          'Answers a visitor question from the site content (services, prices, projects, careers, offices, FAQ). ' +
          'With AI_BASE_URL set an OpenAI-compatible model words the answer; otherwise, or when it fails, the local ' +
          'answerer replies and `sandbox` is true. `context` names the service or project of the page by slug; ' +
          '`history` carries up to 10 earlier messages of the conversation.',
        body: assistantChatRequestSchema,
        response: { 200: assistantChatResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
      config: { rateLimit: limits.assistant },
    },
    async (request) => service.chat(request.body),
  )
}
