import {
  DOMAIN_TLDS,
  domainMessages,
  FALLBACK_PRICE,
  isOfferedDomainName,
  normaliseDomainLabel,
  SUGGESTION_SUFFIXES,
  type AvailabilityResult,
  type SearchResult,
} from '@/contract/domains'
import type { Registrar, RegistrarQuote } from '../../adapters/registrar'
import { badRequest } from '../../lib/errors'

/** A registrar quote as the public search shows it: USD per year, 12.99 when the registrar gives none. */
export function toAvailabilityResult(quote: RegistrarQuote): AvailabilityResult {
  const price = quote.purchasePrice ?? FALLBACK_PRICE
  return {
    domainName: quote.domainName,
    tld: quote.domainName.slice(quote.domainName.indexOf('.') + 1),
    purchasable: quote.purchasable,
    premium: quote.premium,
    purchasePrice: price,
    price,
    renewalPrice: quote.renewalPrice ?? price,
    currency: 'USD',
  }
}

/** POST check_availability: every name must be one we offer; the answer keeps the order asked. */
export async function checkAvailability(registrar: Registrar, domainNames: string[]) {
  const invalid = domainNames.filter((name) => !isOfferedDomainName(name))
  if (invalid.length > 0)
    throw badRequest(domainMessages.invalidName, {
      domain_names: invalid.map((name) => `${name}: ${domainMessages.invalidName}`),
    })
  const unique = [...new Set(domainNames)]
  const quotes = await registrar.checkAvailability(unique)
  return { results: quotes.map(toAvailabilityResult) }
}

/** POST search: the keyword as the search box normalises it, in each chosen TLD, plus suggestions. */
export async function searchDomains(
  registrar: Registrar,
  input: { keyword: string; tlds: string[] },
): Promise<SearchResult> {
  const label = normaliseDomainLabel(input.keyword).replace(/^-+|-+$/g, '')
  if (!label) throw badRequest(domainMessages.enterName, { keyword: [domainMessages.enterName] })
  if (label.length > 63)
    throw badRequest(domainMessages.invalidName, { keyword: ['A name has at most 63 characters.'] })
  const tlds = DOMAIN_TLDS.filter((tld) =>
    input.tlds.map((t) => t.toLowerCase().replace(/^\./, '')).includes(tld),
  )
  if (tlds.length === 0)
    throw badRequest(domainMessages.unsupportedTld, {
      tlds: [`Choose at least one of: ${DOMAIN_TLDS.join(', ')}.`],
    })
  const quotes = await registrar.checkAvailability(tlds.map((tld) => `${label}.${tld}`))
  const first = tlds[0] ?? 'com'
  return {
    results: quotes.map(toAvailabilityResult),
    suggestions: SUGGESTION_SUFFIXES.map((suffix) => `${label}${suffix}.${first}`).filter(
      (name) => name.length - first.length - 1 <= 63,
    ),
  }
}
