import type { AssistantSource } from '@/contract/assistant'
import { RESPONSE_PROMISES } from '@/contract/company'
import { site } from '@/contract/site'

/** One piece of an answer and the pages it comes from. */
export interface Part {
  text: string
  sources: AssistantSource[]
}

export interface LocalReply {
  reply: string
  sources: AssistantSource[]
}

export const CONTACT: AssistantSource = { title: 'Contact', url: '/contact' }
export const START: AssistantSource = { title: 'Start Your Project', url: '/start-project' }
export const SERVICES: AssistantSource = { title: 'Services', url: '/services' }

export const money = (amount: number, currency: 'USD' | 'EGP') =>
  currency === 'USD' ? `$${amount.toLocaleString('en-US')}` : `${amount.toLocaleString('en-US')} EGP`

export function list(items: string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

export const promise = (key: (typeof RESPONSE_PROMISES)[number]['key']) =>
  RESPONSE_PROMISES.find((p) => p.key === key)?.time.toLowerCase() ?? ''

const FALLBACK_OPENING = "I'm not sure about that, and I'd rather not guess."

/** The honest answer when the site's content does not answer: no guess, and how to reach the team. */
export function fallback(reason = FALLBACK_OPENING): Part {
  return {
    text: `${reason} Our team can help: email ${site.salesEmail}, call or WhatsApp ${site.phone} (${site.businessHours}), or write to us through the Contact page.`,
    sources: [CONTACT],
  }
}

/** Joins the parts into one reply citing each page once, at most five. */
export function merge(parts: Part[]): LocalReply {
  const seen = new Set<string>()
  const sources: AssistantSource[] = []
  for (const source of parts.flatMap((p) => p.sources)) {
    if (seen.has(source.url)) continue
    seen.add(source.url)
    sources.push(source)
  }
  return { reply: parts.map((p) => p.text).join('\n\n'), sources: sources.slice(0, 5) }
}
