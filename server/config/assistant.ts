import { z } from 'zod'
import { blankAsUnset } from './values'

/** The assistant's OpenAI-compatible model; unset means the local answerer (the sandbox). */
export const assistantEnv = z.object({
  // An empty value (AI_BASE_URL= in an env file) means "not configured": the local answerer replies.
  AI_BASE_URL: z.preprocess(blankAsUnset, z.url().optional()),
  AI_API_KEY: z.preprocess(blankAsUnset, z.string().optional()),
  AI_MODEL: z.preprocess(blankAsUnset, z.string().optional()),
})

type AssistantEnv = z.infer<typeof assistantEnv>

export interface AssistantModelConfig {
  baseUrl: string
  apiKey: string | undefined
  model: string
}

export function assistantProblems(env: AssistantEnv): string[] {
  return env.AI_BASE_URL && !env.AI_MODEL ? ['AI_MODEL: required when AI_BASE_URL is set'] : []
}

export function assistantConfig(env: AssistantEnv): AssistantModelConfig | null {
  return env.AI_BASE_URL && env.AI_MODEL
    ? { baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL }
    : null
}
