import { MAX_ID } from '@/contract/ids'

/*
 * Readers for URL search parameters in routes' validateSearch. A bad value reads as absent, never as an
 * error, and no schema library is needed before the first page renders.
 */

export function searchText(value: unknown, max = 200): string | undefined {
  if (typeof value === 'number') value = String(value)
  return typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined
}

export function searchInt(value: unknown, { min = 1, max = MAX_ID } = {}): number | undefined {
  const number = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value
  return typeof number === 'number' && Number.isInteger(number) && number >= min && number <= max
    ? number
    : undefined
}

export function searchEnum<T extends string>(value: unknown, options: readonly T[]): T | undefined {
  return options.find((option) => option === value)
}
