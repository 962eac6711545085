import { describe, expect, it } from 'vitest'
import type { AssistantChatResponse } from '../../src/contract/assistant'
import { answeredQuestions, containsAll, FALLBACK_MARKERS, fallbackQuestions } from './assistant-questions'
import { nextAddress } from './helpers/auth'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()

async function ask(body: object): Promise<AssistantChatResponse> {
  // The table asks more than the per-IP limit allows in a minute: each question comes from its own visitor.
  const response = await app.inject({
    method: 'POST',
    url: '/api/public/assistant/chat/',
    remoteAddress: nextAddress(),
    payload: body,
  })
  expect(response.statusCode).toBe(200)
  return response.json()
}

describe('the local answerer, offline, on the real catalogue and seeded content', () => {
  it.each(answeredQuestions)('answers $question', async ({ question, facts, source, context, history }) => {
    const answer = await ask({ message: question, context, history })
    expect(containsAll(answer.reply, facts), answer.reply).toEqual([])
    if (source) expect(answer.sources.map((s) => s.url)).toContain(source)
    expect(answer.sandbox).toBe(true)
  })

  it.each(fallbackQuestions)('admits it does not know: %s', async (question) => {
    const answer = await ask({ message: question })
    expect(containsAll(answer.reply, FALLBACK_MARKERS), answer.reply).toEqual([])
    // No figure is ever invented for something outside the catalogue.
    expect(answer.reply).not.toMatch(/\$\s?\d/)
    expect(answer.sources.map((s) => s.url)).toContain('/contact')
  })

  it('cites only pages of this site', async () => {
    const answer = await ask({ message: 'Have you built any fintech apps?' })
    for (const source of answer.sources) expect(source.url).toMatch(/^\/[a-z0-9/-]*$/)
  })
})
