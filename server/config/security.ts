import { z } from 'zod'
import { parseSigningKey } from '../lib/signing-key'
import { blankAsUnset, boolish } from './values'

/** Sign-in and the instance's secrets: token keys, password hashing, demo accounts, stored-key secrets. */
export const securityEnv = z.object({
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_PREVIOUS_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO: boolish.optional(),
  // Below 2^15 scrypt is cheap enough to guess offline at scale; 20 needs 1 GB of memory per hash.
  PASSWORD_HASH_COST: z.coerce
    .number()
    .int()
    .min(15, 'must be at least 15 (scrypt N = 2^15)')
    .max(20)
    .default(17),
  /** Lifetime of an access token in seconds (15 minutes; tests of the refresh path shorten it). */
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(5).max(3600).default(900),
  /** Encrypts app API keys at rest (32+ characters); unset: generated into DATA_DIR/app-key-secret. */
  APP_KEY_SECRET: z.preprocess(blankAsUnset, z.string().min(32, 'must be at least 32 characters').optional()),
  /** Ed25519 private key that signs certificates: PKCS#8 PEM, or its DER in base64. */
  CERTIFICATE_SIGNING_KEY: z.preprocess(
    blankAsUnset,
    z
      .string()
      .optional()
      .superRefine((value, ctx) => {
        if (value === undefined) return
        try {
          parseSigningKey(value)
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) })
        }
      }),
  ),
})

/**
 * Secrets every instance sharing one database must share (in production with DATABASE_URL): the token
 * signing key (JWT_SECRET), the certificate signing key, and the secret the app keys are stored under.
 */
export function sharedSecretProblems(
  env: z.infer<typeof securityEnv> & { NODE_ENV: string },
  sharedDatabase: boolean,
  name: 'JWT_SECRET' | 'CERTIFICATE_SIGNING_KEY' | 'APP_KEY_SECRET',
): string[] {
  return env.NODE_ENV === 'production' && sharedDatabase && !env[name]
    ? [`${name}: required when DATABASE_URL is set in production`]
    : []
}
