import { z } from 'zod'

/** Shared readers of environment values, for the area files of the configuration. */

/** 1/true/yes or 0/false/no (or empty). */
export const boolish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes')

/** An empty value (NAME= in an env file) counts as not set. */
export const blankAsUnset = (value: unknown) => (value === '' ? undefined : value)

/** A base URL without its trailing slash. */
export const withoutTrailingSlash = (url: string) => url.replace(/\/$/, '')
