import { HOME_ASSISTANT_CONTEXT, type PricingPlan, type Service } from '@/contract/services'
import { serviceSource } from '../knowledge/build'
import type { Knowledge } from '../knowledge/types'
import type { Intent } from './intents'
import { list, money, promise, SERVICES, START, type Part } from './parts'

const UNIT_NAMES: Record<Service['startingPrice']['per'], string> = {
  hour: 'per hour of consulting',
  month: 'per month',
  project: 'per project, as a fixed quote for your scope',
}

export function priceClause(service: Service): string {
  const { amount, currency, per } = service.startingPrice
  if (per === 'hour') return `costs ${money(amount, currency)}/hour`
  if (per === 'month') return `starts from ${money(amount, currency)}/month`
  return `starts at ${money(amount, currency)} per project`
}

function timelineClause(service: Service): string {
  const setup = /^(.*) setup$/.exec(service.timeline)
  return setup ? `needs ${setup[1]} of setup` : `typically takes ${service.timeline}`
}

function planLine(plan: PricingPlan): string {
  const period = plan.duration.startsWith('per ') ? plan.duration : `for ${plan.duration}`
  return `${plan.name} ${plan.price} for ${plan.messages} ${period}${plan.popular ? ' (most popular)' : ''}`
}

/** The answer about one service for the intents asked; a general description when none applies. */
export function servicePart(service: Service, intents: Set<Intent>): Part {
  const sentences: string[] = []
  const asks = (i: Intent) => intents.has(i)
  const plans = service.pricingPlans ?? []
  // Plans are how the OTP services are priced; other services answer a plan question with their price.
  const asksPrice = asks('price') || asks('unit') || (asks('plans') && plans.length === 0)
  if (asksPrice || asks('timeline') || asks('team')) {
    const clauses: string[] = []
    // A price means little without the time it buys, so price answers carry the timeline too.
    if (asksPrice) clauses.push(priceClause(service))
    if (asks('timeline') || asksPrice) clauses.push(timelineClause(service))
    if (asks('team')) clauses.push(`is delivered by a team of ${service.teamSize}`)
    sentences.push(`Our ${service.title} service ${list(clauses)}.`)
    if (asks('unit')) sentences.push(`It is billed ${UNIT_NAMES[service.startingPrice.per]}.`)
    if (asksPrice && service.startingPrice.per === 'project') {
      sentences.push(
        `The final price depends on your scope: a project brief gets you a quote within ${promise('quotes')}.`,
      )
    }
  }
  if ((asksPrice || asks('plans')) && plans.length > 0) {
    sentences.push(`${service.title} plans: ${plans.map(planLine).join('; ')}.`)
  }
  if (asks('technologies')) {
    sentences.push(`For ${service.title} we work with ${list(service.technologies)}.`)
  }
  if (asks('features')) {
    sentences.push(`${service.title} includes ${list(service.features.map((f) => f.toLowerCase()))}.`)
  }
  if (asks('deliverables')) {
    sentences.push(
      `With ${service.title} you receive ${list(service.deliverables.map((d) => d.toLowerCase()))}.`,
    )
  }
  if (asks('successRate') && service.successRate !== undefined) {
    sentences.push(`${service.title} has a ${service.successRate}% delivery success rate.`)
  }
  if (sentences.length === 0) {
    // A question about the service in general: what it is, what it costs and how long it takes.
    sentences.push(
      service.otpExplainer && asks('more')
        ? service.otpExplainer.text
        : `${service.title}: ${service.subtitle.charAt(0).toLowerCase()}${service.subtitle.slice(1)}.`,
    )
    sentences.push(
      `It ${priceClause(service)}, ${timelineClause(service)} and is delivered by ${service.teamSize}.`,
    )
    if (service.successRate !== undefined) sentences.push(`Delivery success rate: ${service.successRate}%.`)
  }
  return { text: sentences.join(' '), sources: [serviceSource(service)] }
}

export function planPart(service: Service, plan: PricingPlan): Part {
  const period = plan.duration.startsWith('per ') ? plan.duration : `for ${plan.duration}`
  const popular = plan.popular ? ` It is our most popular ${service.title} plan.` : ''
  const bestFor = plan.bestFor ? ` Best for: ${plan.bestFor.toLowerCase()}.` : ''
  return {
    text: `The ${service.title} ${plan.name} plan costs ${plan.price} ${period} for ${plan.messages}, with ${list(plan.features.map((f) => f.toLowerCase()))}.${popular}${bestFor}`,
    sources: [serviceSource(service)],
  }
}

export function servicesPart(knowledge: Knowledge): Part {
  const main = knowledge.services.filter((s) => !s.isOTP).map((s) => s.title)
  const otp = knowledge.services.filter((s) => s.isOTP).map((s) => s.title)
  return {
    text: `We offer ${list(main)}${otp.length > 0 ? `, plus ${list(otp)} messaging` : ''}. ${HOME_ASSISTANT_CONTEXT}`,
    sources: [SERVICES],
  }
}

/** A price, timeline or team question without a subject: the ranges and a few examples. */
export function generalPart(knowledge: Knowledge, intents: Set<Intent>): Part {
  const main = knowledge.services.filter((s) => !s.isOTP)
  const sentences = [HOME_ASSISTANT_CONTEXT]
  if (intents.has('price') || intents.has('unit')) {
    sentences.push(
      `Starting prices: ${main.map((s) => `${s.title} ${priceClause(s).replace(/^\w+ (at |from )?/, '')}`).join('; ')}.`,
    )
    const otp = knowledge.services.filter((s) => s.isOTP)
    if (otp.length > 0) {
      sentences.push(
        `OTP messaging: ${otp.map((s) => `${s.title} ${priceClause(s).replace(/^\w+ /, '')}`).join(', ')}.`,
      )
    }
    sentences.push(`For an exact price, send a project brief: quotes come back within ${promise('quotes')}.`)
  }
  if (intents.has('timeline')) {
    sentences.push(`Typical timelines: ${main.map((s) => `${s.title} ${s.timeline}`).join('; ')}.`)
  }
  if (intents.has('team')) {
    sentences.push(`Team sizes: ${main.map((s) => `${s.title} ${s.teamSize}`).join('; ')}.`)
  }
  if (intents.has('technologies')) {
    const all = [...new Set(main.flatMap((s) => s.technologies))].slice(0, 14)
    sentences.push(`Technologies we use include ${list(all)}; each service page lists its own.`)
  }
  return { text: sentences.join(' '), sources: [SERVICES, START] }
}
