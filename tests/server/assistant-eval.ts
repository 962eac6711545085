import type { AssistantContext } from '../../src/contract/assistant'
import { services, type Service } from '../../src/contract/services'
import {
  COMPANY_INTENTS,
  PLAN_TEMPLATES,
  SERVICE_INTENTS,
  startingPrice,
  VISITOR_NAMES,
  weeks,
  type EvalIntent,
  type Fact,
  type ServiceTemplates,
} from './assistant-eval-phrasings'

export type { EvalIntent, Fact }

/**
 * The generated evaluation set of the assistant (issue 18): templates over every service × every intent ×
 * at least five phrasings, asked with and without the service named, on its own page, on another service's
 * page and on the home page. The facts every answer must contain come from the catalogue, so the set follows
 * a price change by itself. The phrasings are written in a visitor's words, not the answerer's vocabulary.
 * Used by tests/server/assistant-eval.test.ts and `npm run bench -- assistant`.
 */

/** How the question names what it is about. */
export type SubjectGiven = 'named' | 'page' | 'company'

export interface EvalQuestion {
  intent: EvalIntent
  question: string
  /** The path of the page the visitor is on, and the context its window sends. */
  page: string
  context: AssistantContext | null
  given: SubjectGiven
  facts: Fact[]
  /** Texts the reply must not contain (the figures of the page's service when another one is asked about). */
  forbidden: string[]
}

interface Page {
  page: string
  context: AssistantContext | null
  service?: Service
}

const HOME: Page = { page: '/', context: { kind: 'home' } }
const NO_CONTEXT: Page = { page: '/contact', context: null }
const pageOf = (service: Service): Page => ({
  page: `/services/${service.slug}`,
  context: { kind: 'service', slug: service.slug },
  service,
})

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w)\}/g, (_, key: string) => values[key] ?? '')

/**
 * Facts of `other` that `own` does not share: their presence means the wrong subject was answered. A
 * fact inside one of our own ("React" in "React Native") proves nothing either way.
 */
function otherFacts(own: Fact[], other: Fact[]): string[] {
  const mine = own.flat().map((f) => f.toLowerCase())
  return other.filter(
    (f): f is string => typeof f === 'string' && !mine.some((m) => m.includes(f.toLowerCase())),
  )
}

function serviceQuestions(): EvalQuestion[] {
  const questions: EvalQuestion[] = []
  services.forEach((service, index) => {
    const names = VISITOR_NAMES[service.slug]
    for (const [intent, templates] of Object.entries(SERVICE_INTENTS) as [EvalIntent, ServiceTemplates][]) {
      if (templates.applies && !templates.applies(service)) continue
      const facts = templates.facts(service)
      const everything = templates.all?.(service) ?? facts
      // Another service the same intent applies to, with different figures, whose page the visitor is on.
      const others = services.filter((s) => s !== service && (!templates.applies || templates.applies(s)))
      const other = others.find((s) => otherFacts(everything, templates.facts(s)).length > 0) ?? others[0]
      templates.named.forEach((template, i) => {
        const where = [HOME, pageOf(service), other ? pageOf(other) : HOME][(i + index) % 3] ?? HOME
        questions.push({
          intent,
          question: fill(template, { s: names[i % names.length] ?? service.title }),
          page: where.page,
          context: where.context,
          given: 'named',
          facts,
          forbidden:
            where.service && where.service !== service
              ? otherFacts(everything, templates.facts(where.service))
              : [],
        })
      })
      for (const template of templates.unnamed) {
        const own = pageOf(service)
        questions.push({ intent, question: template, ...own, given: 'page', facts, forbidden: [] })
      }
    }
  })
  return questions
}

function planQuestions(): EvalQuestion[] {
  const questions: EvalQuestion[] = []
  services.forEach((service, index) => {
    const names = VISITOR_NAMES[service.slug]
    for (const plan of service.pricingPlans ?? []) {
      const facts = [plan.price, plan.messages]
      PLAN_TEMPLATES.named.forEach((template, i) => {
        const where = [HOME, pageOf(service)][(i + index) % 2] ?? HOME
        questions.push({
          intent: 'plan',
          question: fill(template, { s: names[i % names.length] ?? service.title, p: plan.name }),
          page: where.page,
          context: where.context,
          given: 'named',
          facts,
          forbidden: [],
        })
      })
      for (const template of PLAN_TEMPLATES.unnamed) {
        const own = pageOf(service)
        questions.push({
          intent: 'plan',
          question: fill(template, { p: plan.name }),
          page: own.page,
          context: own.context,
          given: 'page',
          facts,
          forbidden: [],
        })
      }
    }
  })
  return questions
}

function companyQuestions(): EvalQuestion[] {
  const questions: EvalQuestion[] = []
  for (const { intent, phrasings, facts } of COMPANY_INTENTS) {
    phrasings.forEach((question, i) => {
      const a = services[(i * 2) % services.length]
      const b = services[(i * 2 + 1) % services.length]
      const pages = [HOME, NO_CONTEXT, ...[a, b].filter((s): s is Service => Boolean(s)).map(pageOf)]
      for (const where of pages) {
        questions.push({
          intent,
          question,
          page: where.page,
          context: where.context,
          given: 'company',
          facts,
          // An honest "I don't know" never borrows the figures of the page's service.
          forbidden:
            intent === 'fallback' && where.service
              ? [startingPrice(where.service), weeks(where.service)]
              : [],
        })
      }
    })
  }
  return questions
}

/** The whole set, in a fixed order. */
export function evaluationSet(): EvalQuestion[] {
  return [...serviceQuestions(), ...planQuestions(), ...companyQuestions()]
}

/** The facts a reply lacks and the forbidden texts it contains; both empty when the answer is right. */
export function checkReply(reply: string, item: Pick<EvalQuestion, 'facts' | 'forbidden'>) {
  const text = reply.toLowerCase()
  const has = (fact: string) => text.includes(fact.toLowerCase())
  return {
    missing: item.facts
      .filter((fact) => !(Array.isArray(fact) ? fact.some(has) : has(fact)))
      .map((fact) => (Array.isArray(fact) ? fact.join(' | ') : fact)),
    forbidden: item.forbidden.filter(has),
  }
}

export interface Score {
  group: string
  asked: number
  correct: number
}

/** Accuracy per group (an intent, or how the subject was given), in the order groups first appear. */
export function scoreBy<T extends { correct: boolean }>(results: T[], group: (result: T) => string): Score[] {
  const scores = new Map<string, Score>()
  for (const result of results) {
    const key = group(result)
    const score = scores.get(key) ?? { group: key, asked: 0, correct: 0 }
    score.asked += 1
    if (result.correct) score.correct += 1
    scores.set(key, score)
  }
  return [...scores.values()]
}
