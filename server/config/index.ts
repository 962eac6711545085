import path from 'node:path'
import { z } from 'zod'
import type { StorageConfig } from '../adapters/storage/file-storage'
import type { ResponseTargets } from '../lib/response-targets'
import { assistantConfig, assistantEnv, assistantProblems, type AssistantModelConfig } from './assistant'
import { databaseConfig, databaseEnv, type DatabaseConfig } from './database'
import { domainsEnv, domainsProblems, namecomConfig, type NamecomConfig } from './domains'
import { instanceEnv, isLoopbackHost, type TrustProxy } from './instance'
import { messagingEnv, twilioConfig, twilioProblems, type TwilioConfig } from './messaging'
import { paymentsConfig, paymentsEnv, paymentsProblems, type PaymentsConfig } from './payments'
import { referralRules, referralsEnv, type ReferralRules } from './referrals'
import { securityEnv, sharedSecretProblems } from './security'
import { storageConfig, storageEnv, storageProblems } from './storage'
import { supportEnv } from './support'

/*
 * The configuration, read from the environment once at start-up. Each area's variables, their checks and
 * what they become are in the file of that area beside this one; this file puts them together.
 */
export { isLoopbackHost, parseTrustProxy, type TrustProxy } from './instance'
export type { ReferralRules } from './referrals'

const envSchema = z.object({
  ...instanceEnv.shape,
  ...databaseEnv.shape,
  ...storageEnv.shape,
  ...securityEnv.shape,
  ...messagingEnv.shape,
  ...supportEnv.shape,
  ...assistantEnv.shape,
  ...domainsEnv.shape,
  ...paymentsEnv.shape,
  ...referralsEnv.shape,
})

export type Env = z.infer<typeof envSchema>

export interface Config {
  env: Env['NODE_ENV']
  host: string
  port: number
  publicUrl: string
  dataDir: string
  uploadsDir: string
  /** Uploaded files: disk (uploadsDir) or an S3-compatible bucket. */
  storage: StorageConfig
  database: DatabaseConfig
  redisUrl: string | undefined
  jwt: { secret: string | undefined; previousSecret: string | undefined }
  /**
   * Demo mode: the demo accounts are seeded and may sign in. On when SEED_DEMO=1, or when it is unset
   * and the embedded database listens on a loopback address.
   */
  demo: { active: boolean; explicit: boolean }
  passwordHashCost: number
  accessTokenTtlSeconds: number
  trustProxy: TrustProxy
  logLevel: Env['LOG_LEVEL']
  webDist: string
  corsOrigins: string[]
  mail: { url: string | undefined; from: string }
  /** Support: how long the team has to answer a ticket of each priority. */
  supportResponseTargets: ResponseTargets
  /** The assistant's OpenAI-compatible model; null means the local answerer (the sandbox). */
  ai: AssistantModelConfig | null
  /** Twilio for text messages; null means the SMS sandbox. */
  twilio: TwilioConfig | null
  /** The configured certificate signing key; undefined means one generated into DATA_DIR. */
  certificateSigningKey: string | undefined
  /** Twilio's WhatsApp sender number; null means the WhatsApp sandbox. */
  whatsappFrom: string | null
  /** The secret app API keys are encrypted under; undefined means one generated into DATA_DIR. */
  appKeySecret: string | undefined
  /** Name.com for domain names; null means the sandbox registrar. */
  namecom: NamecomConfig | null
  /** Gateways: each null means its sandbox. */
  payments: PaymentsConfig
  /** Referral reward per side, USD cents. */
  referralRewardMinor: number
  /** What completes a referral and when its rewards are credited. */
  referrals: ReferralRules
  /** Receipt tax rate in percent. */
  receiptTaxRate: number
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** Parses the environment once; every bad variable is named in the one error it throws. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`))
  }
  const env = parsed.data
  const dataDir = path.resolve(env.DATA_DIR)
  const database = databaseConfig(env, dataDir)
  const sharedDatabase = database.kind === 'postgres'

  // The rules across variables, in this order: the first that fails is the one error thrown.
  const checks = [
    // Several instances share one database and must share the signing key too.
    () => sharedSecretProblems(env, sharedDatabase, 'JWT_SECRET'),
    () => assistantProblems(env),
    () => twilioProblems(env),
    () => domainsProblems(env),
    () => paymentsProblems(env),
    // Every instance must sign certificates with the same key.
    () => sharedSecretProblems(env, sharedDatabase, 'CERTIFICATE_SIGNING_KEY'),
    // Every instance must read the app keys the others stored.
    () => sharedSecretProblems(env, sharedDatabase, 'APP_KEY_SECRET'),
    () => storageProblems(env),
  ]
  for (const check of checks) {
    const problems = check()
    if (problems.length > 0) throw new ConfigError(problems)
  }

  const uploadsDir = path.join(dataDir, 'uploads')
  const port = env.PORT
  const referrals = referralRules(env)
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port,
    publicUrl: (env.PUBLIC_URL ?? `http://${env.HOST}:${port}`).replace(/\/$/, ''),
    dataDir,
    uploadsDir,
    storage: storageConfig(env, uploadsDir),
    database,
    redisUrl: env.REDIS_URL,
    jwt: { secret: env.JWT_SECRET, previousSecret: env.JWT_PREVIOUS_SECRET },
    demo: {
      active: env.SEED_DEMO ?? (database.kind === 'pglite' && isLoopbackHost(env.HOST)),
      explicit: env.SEED_DEMO === true,
    },
    passwordHashCost: env.PASSWORD_HASH_COST,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    webDist: path.resolve(env.WEB_DIST ?? 'dist/web'),
    corsOrigins: env.CORS_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    mail: { url: env.MAIL_URL, from: env.MAIL_FROM },
    supportResponseTargets: env.SUPPORT_RESPONSE_TARGETS,
    ai: assistantConfig(env),
    twilio: twilioConfig(env),
    certificateSigningKey: env.CERTIFICATE_SIGNING_KEY,
    appKeySecret: env.APP_KEY_SECRET,
    whatsappFrom: env.TWILIO_WHATSAPP_FROM ?? null,
    namecom: namecomConfig(env),
    payments: paymentsConfig(env, isLoopbackHost(env.HOST)),
    referralRewardMinor: referrals.rewardMinor,
    referrals,
    receiptTaxRate: env.RECEIPT_TAX_RATE,
  }
}
