/*
 * The id rule and the page bound, without a schema library so that the renderer's startup path can use
 * them (src/contract/common.ts builds the `recordId` and `pageNumber` schemas on them and re-exports them).
 */

/** The largest id a route or query may name (PostgreSQL integer); larger numbers are no id of ours. */
export const MAX_ID = 2_147_483_647

/** The last page any list answers; a deeper page is a 400, not a long database scan. */
export const MAX_PAGE = 10_000

/** A whole number in a path, query or form field: decimal digits only (no sign, fraction, exponent, hex). */
export const DIGITS = /^[0-9]+$/

/** The id written in `text`, or null when the text is not a record id (anything but 1 … MAX_ID in digits). */
export function readRecordId(text: string): number | null {
  if (!DIGITS.test(text)) return null
  const id = Number(text)
  return isRecordId(id) ? id : null
}

/** Whether a number is a record id (an integer from 1 to MAX_ID). */
export function isRecordId(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_ID
}

/** A record named by its slug, or by its id when the text is also one. */
export interface SlugOrId {
  slug: string
  id: number | null
}

/**
 * A path segment that names a record by its slug or by its id (blog posts, jobs): the text is always a
 * slug to look up, and also an id when it is one.
 */
export function readSlugOrId(text: string): SlugOrId {
  return { slug: text, id: readRecordId(text) }
}
