import * as z from 'zod/mini'

/** The error body every failing call answers with; validation errors add one string array per field. */
export const errorBodySchema = z.catchall(
  z.object({ detail: z.string() }),
  z.union([z.array(z.string()), z.string(), z.number()]),
)
export type ErrorBody = z.infer<typeof errorBodySchema>

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

export const pageQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
})

/** Query text where blank means "not given" (search only applies when non-blank). */
export function optionalQueryText(max: number) {
  return z.optional(
    z.pipe(
      z.string().check(z.trim(), z.maxLength(max, `Ensure this value has at most ${max} characters.`)),
      z.transform((value) => (value === '' ? undefined : value)),
    ),
  )
}

export const idParamSchema = z.object({ id: z.coerce.number().check(z.int(), z.positive()) })

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
export function emailField(invalidMessage: string) {
  return z.pipe(
    z
      .string({ error: REQUIRED })
      .check(
        z.trim(),
        z.minLength(1, REQUIRED),
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
