import { isRecordId, MAX_PAGE, readRecordId } from '@/contract/ids'

/*
 * Readers for URL search parameters in routes' validateSearch. A bad value reads as absent, never as an
 * error, and no schema library is needed before the first page renders.
 */

export function searchText(value: unknown, max = 200): string | undefined {
  if (typeof value === 'number') value = String(value)
  return typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined
}

/** A record id (the router hands numbers over already parsed, or text). */
export function searchId(value: unknown): number | undefined {
  if (typeof value === 'string') return readRecordId(value) ?? undefined
  return typeof value === 'number' && isRecordId(value) ? value : undefined
}

/** A page number the API answers (1 … MAX_PAGE). */
export function searchPage(value: unknown): number | undefined {
  const page = searchId(value)
  return page !== undefined && page <= MAX_PAGE ? page : undefined
}

export function searchEnum<T extends string>(value: unknown, options: readonly T[]): T | undefined {
  return options.find((option) => option === value)
}
