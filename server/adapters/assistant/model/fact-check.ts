import { RESPONSE_PROMISES } from '@/contract/company'
import { HOME_ASSISTANT_CONTEXT, type Service } from '@/contract/services'
import type { Knowledge } from '../knowledge/types'
import { detectIntents } from '../local/intents'
import { findSubjects } from '../local/subjects'

type Per = 'hour' | 'month' | 'project'
type Period = 'hour' | 'day' | 'week' | 'month' | 'year'

/** A price or a duration as written in a text. */
export type Figure =
  | { kind: 'money'; text: string; amount: number; currency: 'USD' | 'EGP'; per?: Per }
  | { kind: 'duration'; text: string; low: number; high: number; unit: Period }

/** Written-out counts; "a day" is left alone, it is too often not a duration ("24 hours a day"). */
const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
}

const NUM = String.raw`\d[\d,]*(?:\.\d+)?`
const PER = String.raw`(?:\s?(?:\/|per|an?|each)\s?(hour|hr|month|mo|project)\b|\s?(hourly|monthly)\b)?`
const USD = new RegExp(
  String.raw`(?:US\s?\$|\$|\bUSD\s?)\s?(${NUM})\s?(k\b|thousand\b)?(?:\s?(?:-|–|to)\s?\$?(${NUM})\s?(k\b|thousand\b)?)?${PER}`,
  'gi',
)
const USD_AFTER = new RegExp(
  String.raw`\b(${NUM})\s?(k|thousand)?\s?(?:USD|US dollars|dollars)\b${PER}`,
  'gi',
)
const EGP = new RegExp(
  String.raw`(?:\b(?:EGP|LE)\s?|E£\s?)(${NUM})(?:\s?(?:-|–|to)\s?(${NUM}))?${PER}|\b(${NUM})\s?(?:EGP|LE|Egyptian pounds?)\b${PER}`,
  'gi',
)
const DURATION = new RegExp(
  String.raw`\b(?:between\s)?(\d+|${Object.keys(NUMBER_WORDS).join('|')})(?:\s?(?:-|–|to|and)\s?(\d+|${Object.keys(NUMBER_WORDS).join('|')}))?\s?(hours?|hrs?|h|days?|weeks?|months?|years?)\b`,
  'gi',
)

const amountOf = (digits: string, thousands?: string) =>
  Number(digits.replace(/,/g, '')) * (thousands ? 1000 : 1)

function perOf(unit?: string, adverb?: string): Per | undefined {
  const word = (unit ?? adverb ?? '').toLowerCase()
  if (word.startsWith('h')) return 'hour'
  if (word.startsWith('mo')) return 'month'
  if (word === 'project') return 'project'
  return undefined
}

function periodOf(unit: string): Period {
  const word = unit.toLowerCase()
  if (word.startsWith('h')) return 'hour'
  if (word.startsWith('d')) return 'day'
  if (word.startsWith('w')) return 'week'
  if (word.startsWith('m')) return 'month'
  return 'year'
}

const numberOf = (text: string) => NUMBER_WORDS[text.toLowerCase()] ?? Number(text)

/** The prices and durations a text states; "$2,500-5,000" counts as two prices. */
export function figuresIn(text: string): Figure[] {
  const figures: Figure[] = []
  const money = (matched: string, amount: number, currency: 'USD' | 'EGP', per: Per | undefined) =>
    figures.push({ kind: 'money', text: matched.trim(), amount, currency, ...(per ? { per } : {}) })
  for (const m of text.matchAll(USD)) {
    const per = perOf(m[5], m[6])
    money(m[0], amountOf(m[1] ?? '0', m[2]), 'USD', per)
    if (m[3]) money(m[0], amountOf(m[3], m[4] ?? m[2]), 'USD', per)
  }
  for (const m of text.matchAll(USD_AFTER)) money(m[0], amountOf(m[1] ?? '0', m[2]), 'USD', perOf(m[3], m[4]))
  for (const m of text.matchAll(EGP)) {
    if (m[1]) {
      const per = perOf(m[3], m[4])
      money(m[0], amountOf(m[1]), 'EGP', per)
      if (m[2]) money(m[0], amountOf(m[2]), 'EGP', per)
    } else if (m[5]) money(m[0], amountOf(m[5]), 'EGP', perOf(m[6], m[7]))
  }
  for (const m of text.matchAll(DURATION)) {
    const low = numberOf(m[1] ?? '')
    const high = m[2] ? numberOf(m[2]) : low
    figures.push({ kind: 'duration', text: m[0].trim(), low, high, unit: periodOf(m[3] ?? '') })
  }
  return figures
}

const sameFigure = (said: Figure, known: Figure) => {
  if (said.kind === 'money' && known.kind === 'money') {
    const perAgrees = !said.per || !known.per || said.per === known.per
    return said.amount === known.amount && said.currency === known.currency && perAgrees
  }
  if (said.kind === 'duration' && known.kind === 'duration') {
    return said.low === known.low && said.high === known.high && said.unit === known.unit
  }
  return false
}

/** Every figure the catalogue states for one service: its price, plans, timeline and page texts. */
function serviceFigures(service: Service): Figure[] {
  const { amount, currency, per } = service.startingPrice
  const stated: Figure[] = [{ kind: 'money', text: service.pricing, amount, currency, per }]
  for (const plan of service.pricingPlans ?? []) {
    stated.push({
      kind: 'money',
      text: plan.price,
      amount: plan.amount,
      currency: plan.currency,
      per: 'month',
    })
    stated.push(...figuresIn(plan.duration))
  }
  const texts = [
    service.timeline,
    service.subtitle,
    service.description,
    ...service.features,
    ...service.deliverables,
    service.promo?.text ?? '',
    ...(service.promo?.stats ?? []).map((s) => `${s.value} ${s.label}`),
    service.otpExplainer?.text ?? '',
  ]
  return [...stated, ...texts.flatMap(figuresIn)]
}

export interface FigureCheck {
  /** Figures the catalogue does not state for what the sentence talks about. */
  unsupported: Figure[]
}

/**
 * Checks every price and duration of a model's reply against the catalogue, sentence by sentence. A
 * sentence's figures must belong to the services it names; a sentence naming none continues the one
 * before it, and the first ones take the question's subject (named, else the page's). Response promises,
 * the FAQ and, on careers questions, the openings' salaries are facts of their own.
 */
export function checkFigures(
  reply: string,
  knowledge: Knowledge,
  question: { text: string; services: Service[] },
): FigureCheck {
  const always: Figure[] = [
    ...RESPONSE_PROMISES.flatMap((p) => figuresIn(p.time)),
    ...knowledge.faq.flatMap((f) => figuresIn(f.answer)),
  ]
  const careers = detectIntents(question.text).has('careers')
  const namesJob = findSubjects(reply, knowledge, new Set()).jobs.length > 0
  if (careers || namesJob) always.push(...knowledge.jobs.flatMap((j) => figuresIn(j.salaryRange)))
  const general = [...figuresIn(HOME_ASSISTANT_CONTEXT), ...knowledge.services.flatMap(serviceFigures)]

  const unsupported: Figure[] = []
  let scope = question.services
  for (const sentence of reply.split(/(?<=[.!?])\s+|\n+/)) {
    const figures = figuresIn(sentence)
    const named = findSubjects(sentence, knowledge, new Set())
    const services = [...named.services, ...named.plans.map((p) => p.service)]
    if (services.length > 0) scope = services
    if (figures.length === 0) continue
    const known = [...always, ...(scope.length > 0 ? scope.flatMap(serviceFigures) : general)]
    unsupported.push(...figures.filter((said) => !known.some((fact) => sameFigure(said, fact))))
  }
  return { unsupported }
}
