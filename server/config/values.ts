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

/**
 * A transform that reads a variable with `parse`: what `parse` throws becomes the variable's problem
 * (its message), so a bad value stops the start with the variable's name.
 */
export function parsedWith<In, Out>(parse: (value: In) => Out) {
  return (value: In, ctx: z.core.$RefinementCtx<In>): Out => {
    try {
      return parse(value)
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) })
      return z.NEVER
    }
  }
}
