import * as z from 'zod/mini'
import { DIGITS, MAX_ID, MAX_PAGE } from './ids'

export { isRecordId, MAX_ID, MAX_PAGE, readRecordId, readSlugOrId, type SlugOrId } from './ids'

/** PostgreSQL text cannot hold NUL characters: refused as bad input instead of failing in the database. */
export const withoutNul = (value: string) => !value.includes('\u0000')
export const NUL_MESSAGE = 'Null characters are not allowed.'

/** The error body every failing call answers with; validation errors add one string array per field. */
export const errorBodySchema = z.catchall(
  z.object({ detail: z.string() }),
  z.union([z.array(z.string()), z.string(), z.number()]),
)

/** `{count, next, previous, results}` for every paginated list (ARCHITECTURE §3). */
export function paginated<T extends z.ZodMiniType>(item: T) {
  return z.object({
    count: z.int(),
    next: z.nullable(z.string()),
    previous: z.nullable(z.string()),
    results: z.array(item),
  })
}
export type Paginated<T> = { count: number; next: string | null; previous: string | null; results: T[] }

export const INVALID_INTEGER = 'A valid integer is required.'

/**
 * A whole number from `min` to `max`: a JSON number, or decimal digits in a path, query or form field (no
 * sign, fraction, exponent or hex prefix). Anything else is a field error, never a query.
 */
export function boundedInteger(min: number, max: number) {
  return z.pipe(
    z.union([z.int(), z.pipe(z.string().check(z.regex(DIGITS)), z.transform(Number))], {
      error: INVALID_INTEGER,
    }),
    z
      .number()
      .check(
        z.refine(Number.isInteger, INVALID_INTEGER),
        z.gte(min, `Ensure this value is greater than or equal to ${min}.`),
        z.lte(max, `Ensure this value is less than or equal to ${max}.`),
      ),
  )
}

/** A record id: a positive integer within PostgreSQL's integer range (the rule is in ./ids.ts). */
export function recordId() {
  return boundedInteger(1, MAX_ID)
}

/** `/:id/` of every route that names a record by id. */
export const recordIdParamSchema = z.object({ id: recordId() })

/** `?page=`: 1 when absent, 1 … MAX_PAGE otherwise. */
export function pageNumber() {
  return z._default(boundedInteger(1, MAX_PAGE), 1)
}

export const pageQuerySchema = z.object({ page: pageNumber() })

/** Query text where blank means "not given" (search only applies when non-blank). */
export function optionalQueryText(max: number) {
  return z.optional(
    z.pipe(
      z.string().check(z.trim(), z.maxLength(max, `Ensure this value has at most ${max} characters.`)),
      z.transform((value) => (value === '' ? undefined : value)),
    ),
  )
}

/** A person as shown next to tickets, comments and uploads. */
export const personSchema = z.object({ first_name: z.string(), last_name: z.string() })

/** A simple e-mail pattern: something@something.something, no spaces (spec 000 §5, 001 §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value)
}

export const REQUIRED = 'This field is required.'
export const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`

/** A required text field: trimmed, non-empty, bounded. */
export function requiredText(max: number) {
  return z
    .string({ error: REQUIRED })
    .check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(max, tooLong(max)))
}

/** An optional text field: trimmed, bounded, '' when absent. */
export function optionalText(max: number) {
  return z._default(z.optional(z.string().check(z.trim(), z.maxLength(max, tooLong(max)))), '')
}

/** A required e-mail address, trimmed and lower-cased. */
export function emailField(invalidMessage: string, requiredMessage = REQUIRED) {
  return z.pipe(
    z
      .string({ error: requiredMessage })
      .check(
        z.trim(),
        z.minLength(1, requiredMessage),
        z.maxLength(254, tooLong(254)),
        z.refine(isEmail, invalidMessage),
      ),
    z.transform((v) => v.toLowerCase()),
  )
}

/** Money travels as a decimal number with 2 decimals; the database keeps integer minor units. */
export function toMinorUnits(amount: number): number {
  return Math.round(amount * 100)
}
export function fromMinorUnits(minor: number): number {
  return Math.round(minor) / 100
}

/** A calendar date as the date input sends it: YYYY-MM-DD, and a real day. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}
