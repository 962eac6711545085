import { z } from 'zod'
import { blankAsUnset, withoutTrailingSlash } from './values'

/** Name.com for domain names; both unset means the sandbox registrar. */
export const domainsEnv = z.object({
  NAMECOM_USERNAME: z.preprocess(blankAsUnset, z.string().min(1).max(100).optional()),
  NAMECOM_TOKEN: z.preprocess(blankAsUnset, z.string().min(16, 'must be at least 16 characters').optional()),
  NAMECOM_API_URL: z.preprocess(blankAsUnset, z.url().default('https://api.name.com')),
})

type DomainsEnv = z.infer<typeof domainsEnv>

export interface NamecomConfig {
  username: string
  token: string
  apiUrl: string
}

export function domainsProblems(env: DomainsEnv): string[] {
  return !env.NAMECOM_USERNAME !== !env.NAMECOM_TOKEN
    ? ['NAMECOM_USERNAME, NAMECOM_TOKEN: set both to register domains at Name.com, or neither']
    : []
}

export function namecomConfig(env: DomainsEnv): NamecomConfig | null {
  return env.NAMECOM_USERNAME && env.NAMECOM_TOKEN
    ? {
        username: env.NAMECOM_USERNAME,
        token: env.NAMECOM_TOKEN,
        apiUrl: withoutTrailingSlash(env.NAMECOM_API_URL),
      }
    : null
}
