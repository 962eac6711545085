import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import type { StorageConfig } from './adapters/storage/file-storage'
import { parseSigningKey } from './lib/signing-key'
import { parseResponseTargets, type ResponseTargets } from './lib/response-targets'

const boolish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes')

const blankAsUnset = (value: unknown) => (value === '' ? undefined : value)

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** Where uploads live: unset for DATA_DIR/uploads, or s3://bucket/prefix with the S3_* variables. */
  STORAGE_URL: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(
        /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[^\s]*)?$/,
        'must be s3://bucket or s3://bucket/prefix (or unset for files on disk)',
      )
      .optional(),
  ),
  /** The store's endpoint (R2, MinIO, a local test server); unset for AWS S3 itself. */
  S3_ENDPOINT: z.preprocess(blankAsUnset, z.url().optional()),
  S3_REGION: z.preprocess(blankAsUnset, z.string().min(1).default('us-east-1')),
  S3_ACCESS_KEY_ID: z.preprocess(blankAsUnset, z.string().min(1).optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(blankAsUnset, z.string().min(1).optional()),
  /** Bucket in the path (http://host/bucket/key) rather than the host name: MinIO and most local stores. */
  S3_FORCE_PATH_STYLE: z.preprocess(blankAsUnset, boolish.optional()),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_PREVIOUS_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO: boolish.optional(),
  /** 1: the embedded database runs in a worker thread of its own (off by default until proven under load). */
  PGLITE_WORKER: z.preprocess(blankAsUnset, boolish.default(true)),
  // Below 2^15 scrypt is cheap enough to guess offline at scale; 20 needs 1 GB of memory per hash.
  PASSWORD_HASH_COST: z.coerce
    .number()
    .int()
    .min(15, 'must be at least 15 (scrypt N = 2^15)')
    .max(20)
    .default(17),
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((value, ctx) => {
      try {
        return parseTrustProxy(value)
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) })
        return z.NEVER
      }
    }),
  /** Lifetime of an access token in seconds (15 minutes; tests of the refresh path shorten it). */
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(5).max(3600).default(900),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  CORS_ORIGINS: z.string().default('app://cypher'),
  MAIL_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Cypher <no-reply@cypher.example>'),
  /** Ticket response targets per priority, e.g. "urgent=4h,high=1bd,medium=3bd,low=5bd". */
  SUPPORT_RESPONSE_TARGETS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseResponseTargets(value)
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) })
        return z.NEVER
      }
    }),
  // An empty value (AI_BASE_URL= in an env file) means "not configured": the local answerer replies.
  AI_BASE_URL: z.preprocess(blankAsUnset, z.url().optional()),
  AI_API_KEY: z.preprocess(blankAsUnset, z.string().optional()),
  AI_MODEL: z.preprocess(blankAsUnset, z.string().optional()),
  /** Twilio Programmable Messaging for text messages; all unset means the SMS sandbox. */
  TWILIO_ACCOUNT_SID: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'must be an account SID (AC + 32 hex digits)')
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: z.preprocess(blankAsUnset, z.string().min(16).optional()),
  TWILIO_FROM: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/, 'must be an E.164 number or a Messaging Service SID')
      .optional(),
  ),
  /** A WhatsApp-enabled Twilio number (E.164); with the Twilio account set, WhatsApp goes through Twilio. */
  TWILIO_WHATSAPP_FROM: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number')
      .optional(),
  ),
  TWILIO_API_URL: z.preprocess(blankAsUnset, z.url().default('https://api.twilio.com')),
  /** Encrypts app API keys at rest (32+ characters); unset: generated into DATA_DIR/app-key-secret. */
  APP_KEY_SECRET: z.preprocess(blankAsUnset, z.string().min(32, 'must be at least 32 characters').optional()),
  /** Name.com for domain names; both unset means the sandbox registrar. */
  NAMECOM_USERNAME: z.preprocess(blankAsUnset, z.string().min(1).max(100).optional()),
  NAMECOM_TOKEN: z.preprocess(blankAsUnset, z.string().min(16, 'must be at least 16 characters').optional()),
  NAMECOM_API_URL: z.preprocess(blankAsUnset, z.url().default('https://api.name.com')),
  /** EGP charged per USD by Paymob and Fawry (spec: 1 USD = 30 EGP). */
  USD_TO_EGP_RATE: z.preprocess(blankAsUnset, z.coerce.number().positive().max(10_000).default(30)),
  /** Seconds a checkout stays open before reconciliation asks its gateway how it stands (default 120). */
  PAYMENTS_RECONCILE_AFTER_S: z.preprocess(
    blankAsUnset,
    z.coerce.number().int().min(1).max(86_400).default(120),
  ),
  /** Serve the sandbox checkout pages (/sandbox/payments/…); default: on a loopback HOST only. */
  PAYMENTS_SANDBOX: z.preprocess(blankAsUnset, boolish.optional()),
  /** Stripe: all three keys, or none for the sandbox. STRIPE_API_URL points the SDK elsewhere (tests). */
  STRIPE_SECRET_KEY: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^(sk|rk)_/, 'must start with sk_ or rk_')
      .optional(),
  ),
  STRIPE_PUBLISHABLE_KEY: z.preprocess(
    blankAsUnset,
    z.string().regex(/^pk_/, 'must start with pk_').optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(/^whsec_/, 'must start with whsec_')
      .optional(),
  ),
  STRIPE_API_URL: z.preprocess(blankAsUnset, z.url().optional()),
  /** Paymob Accept: all four, or none for the sandbox. */
  PAYMOB_API_KEY: z.preprocess(blankAsUnset, z.string().optional()),
  PAYMOB_INTEGRATION_ID: z.preprocess(blankAsUnset, z.string().regex(/^\d+$/, 'must be a number').optional()),
  PAYMOB_IFRAME_ID: z.preprocess(blankAsUnset, z.string().regex(/^\d+$/, 'must be a number').optional()),
  PAYMOB_HMAC_SECRET: z.preprocess(blankAsUnset, z.string().optional()),
  PAYMOB_API_URL: z.preprocess(blankAsUnset, z.url().default('https://accept.paymob.com')),
  /** Fawry: both, or none for the sandbox; FAWRY_API_URL is the staging host until production. */
  FAWRY_MERCHANT_CODE: z.preprocess(blankAsUnset, z.string().optional()),
  FAWRY_SECURE_KEY: z.preprocess(blankAsUnset, z.string().optional()),
  FAWRY_API_URL: z.preprocess(blankAsUnset, z.url().default('https://atfawry.fawrystaging.com')),
  /** What each side of a rewarded referral is credited, in USD. */
  REFERRAL_REWARD: z.preprocess(blankAsUnset, z.coerce.number().min(0).max(1000).default(10)),
  /** The friend's first paid order (top-ups excluded) must be at least this, in USD, to complete a referral. */
  REFERRAL_MIN_PURCHASE: z.preprocess(blankAsUnset, z.coerce.number().min(0).max(100_000).default(10)),
  /** Days a completed referral's rewards are held; a refund of the qualifying order within them cancels it. */
  REFERRAL_HOLD_DAYS: z.preprocess(blankAsUnset, z.coerce.number().min(0).max(365).default(14)),
  /** Rewards one referrer can earn in a calendar month (UTC). */
  REFERRAL_MAX_PER_MONTH: z.preprocess(blankAsUnset, z.coerce.number().int().min(0).max(10_000).default(20)),
  /** Tax rate on receipts in percent (0 to 100). */
  RECEIPT_TAX_RATE: z.preprocess(blankAsUnset, z.coerce.number().min(0).max(100).default(0)),
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
 * Which proxies may set X-Forwarded-For: a hop count ("1": the one proxy in front of us) or a list of
 * proxy addresses and CIDR ranges. Trusting every hop would let any client name its own address.
 */
export type TrustProxy = false | number | string[]

export function parseTrustProxy(raw: string): TrustProxy {
  const value = raw.trim()
  if (value === '' || value === '0' || value === 'false' || value === 'no') return false
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    if (hops > 10) throw new Error('a hop count must be between 0 and 10')
    return hops
  }
  if (value === 'true' || value === 'yes')
    throw new Error(
      'give a hop count (e.g. 1) or proxy addresses; trusting every hop lets clients pick their address',
    )
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/')
    const family = isIP(address)
    const maxPrefix = family === 4 ? 32 : 128
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix)
    if (!family || !prefixOk || extra !== undefined)
      throw new Error(`"${entry}" is not an IP address or CIDR range`)
  }
  return entries
}

/** Loopback listen addresses: only there may the demo accounts (with published passwords) exist. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase()
  return bare === 'localhost' || bare === '::1' || (isIP(bare) === 4 && bare.startsWith('127.'))
}

export type Env = z.infer<typeof envSchema>

/** Referral rules (issue 24: rewards that cannot be farmed). */
export interface ReferralRules {
  /** Each side's reward, USD cents. */
  rewardMinor: number
  /** The qualifying order's least amount, USD cents. */
  minPurchaseMinor: number
  holdMs: number
  maxPerMonth: number
}

export interface Config {
  env: Env['NODE_ENV']
  host: string
  port: number
  publicUrl: string
  dataDir: string
  uploadsDir: string
  /** Uploaded files: disk (uploadsDir) or an S3-compatible bucket. */
  storage: StorageConfig
  /** `worker`: the embedded database runs in a worker thread of its own (the default; PGLITE_WORKER=0 runs it in this thread). */
  database:
    { kind: 'pglite'; dataDir: string; worker: boolean } | { kind: 'postgres'; url: string; poolMax: number }
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
  ai: { baseUrl: string; apiKey: string | undefined; model: string } | null
  /** Twilio for text messages; null means the SMS sandbox. */
  twilio: { accountSid: string; authToken: string; from: string; apiUrl: string } | null
  /** The configured certificate signing key; undefined means one generated into DATA_DIR. */
  certificateSigningKey: string | undefined
  /** Twilio's WhatsApp sender number; null means the WhatsApp sandbox. */
  whatsappFrom: string | null
  /** The secret app API keys are encrypted under; undefined means one generated into DATA_DIR. */
  appKeySecret: string | undefined
  /** Name.com for domain names; null means the sandbox registrar. */
  namecom: { username: string; token: string; apiUrl: string } | null
  /** Gateways: each null means its sandbox. */
  payments: {
    usdToEgpRate: number
    /** Whether the sandbox checkout pages are served (they mark orders paid with test cards). */
    sandboxPages: boolean
    /** How long a checkout stays open before reconciliation first asks its gateway (seconds). */
    reconcileAfterSeconds: number
    stripe: {
      secretKey: string
      publishableKey: string
      webhookSecret: string
      apiUrl: string | undefined
    } | null
    paymob: {
      apiKey: string
      integrationId: number
      iframeId: number
      hmacSecret: string
      apiUrl: string
    } | null
    fawry: { merchantCode: string; secureKey: string; apiUrl: string } | null
  }
  /** Referral reward per side, USD cents. */
  referralRewardMinor: number
  /** What completes a referral and when its rewards are credited. */
  referrals: ReferralRules
  /** Receipt tax rate in percent. */
  receiptTaxRate: number
}

function s3Storage(url: string, env: Env): StorageConfig {
  const [bucket = '', ...folders] = url.slice('s3://'.length).split('/')
  return {
    kind: 's3',
    bucket,
    prefix: folders.filter(Boolean).join('/'),
    endpoint: env.S3_ENDPOINT?.replace(/\/$/, ''),
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  }
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
  const database: Config['database'] = env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX }
    : { kind: 'pglite', dataDir: path.join(dataDir, 'pgdata'), worker: env.PGLITE_WORKER }

  if (env.NODE_ENV === 'production' && database.kind === 'postgres' && !env.JWT_SECRET) {
    // Several instances share one database and must share the signing key too.
    throw new ConfigError(['JWT_SECRET: required when DATABASE_URL is set in production'])
  }
  if (env.AI_BASE_URL && !env.AI_MODEL) {
    throw new ConfigError(['AI_MODEL: required when AI_BASE_URL is set'])
  }
  const twilioParts = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM]
  if (twilioParts.some(Boolean) && !twilioParts.every(Boolean)) {
    throw new ConfigError([
      'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: set all three to send text messages, or none',
    ])
  }
  if (!env.NAMECOM_USERNAME !== !env.NAMECOM_TOKEN) {
    throw new ConfigError([
      'NAMECOM_USERNAME, NAMECOM_TOKEN: set both to register domains at Name.com, or neither',
    ])
  }
  const gatewayParts: [string, unknown[]][] = [
    [
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET',
      [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET],
    ],
    [
      'PAYMOB_API_KEY, PAYMOB_INTEGRATION_ID, PAYMOB_IFRAME_ID, PAYMOB_HMAC_SECRET',
      [env.PAYMOB_API_KEY, env.PAYMOB_INTEGRATION_ID, env.PAYMOB_IFRAME_ID, env.PAYMOB_HMAC_SECRET],
    ],
    ['FAWRY_MERCHANT_CODE, FAWRY_SECURE_KEY', [env.FAWRY_MERCHANT_CODE, env.FAWRY_SECURE_KEY]],
  ]
  const halfConfigured = gatewayParts.filter(([, parts]) => parts.some(Boolean) && !parts.every(Boolean))
  if (halfConfigured.length > 0) {
    throw new ConfigError(
      halfConfigured.map(
        ([names]) => `${names}: set all of them to use the gateway, or none for its sandbox`,
      ),
    )
  }
  if (env.NODE_ENV === 'production' && database.kind === 'postgres' && !env.CERTIFICATE_SIGNING_KEY) {
    // Every instance must sign certificates with the same key.
    throw new ConfigError(['CERTIFICATE_SIGNING_KEY: required when DATABASE_URL is set in production'])
  }
  if (env.NODE_ENV === 'production' && database.kind === 'postgres' && !env.APP_KEY_SECRET) {
    // Every instance must read the app keys the others stored.
    throw new ConfigError(['APP_KEY_SECRET: required when DATABASE_URL is set in production'])
  }
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError([
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither for the default credential chain',
    ])
  }
  const uploadsDir = path.join(dataDir, 'uploads')
  const port = env.PORT
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port,
    publicUrl: (env.PUBLIC_URL ?? `http://${env.HOST}:${port}`).replace(/\/$/, ''),
    dataDir,
    uploadsDir,
    storage: env.STORAGE_URL ? s3Storage(env.STORAGE_URL, env) : { kind: 'disk', dir: uploadsDir },
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
    ai:
      env.AI_BASE_URL && env.AI_MODEL
        ? { baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL }
        : null,
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? {
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM,
            apiUrl: env.TWILIO_API_URL.replace(/\/$/, ''),
          }
        : null,
    certificateSigningKey: env.CERTIFICATE_SIGNING_KEY,
    appKeySecret: env.APP_KEY_SECRET,
    whatsappFrom: env.TWILIO_WHATSAPP_FROM ?? null,
    namecom:
      env.NAMECOM_USERNAME && env.NAMECOM_TOKEN
        ? {
            username: env.NAMECOM_USERNAME,
            token: env.NAMECOM_TOKEN,
            apiUrl: env.NAMECOM_API_URL.replace(/\/$/, ''),
          }
        : null,
    payments: {
      usdToEgpRate: env.USD_TO_EGP_RATE,
      sandboxPages: env.PAYMENTS_SANDBOX ?? isLoopbackHost(env.HOST),
      reconcileAfterSeconds: env.PAYMENTS_RECONCILE_AFTER_S,
      stripe:
        env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: env.STRIPE_SECRET_KEY,
              publishableKey: env.STRIPE_PUBLISHABLE_KEY,
              webhookSecret: env.STRIPE_WEBHOOK_SECRET,
              apiUrl: env.STRIPE_API_URL?.replace(/\/$/, ''),
            }
          : null,
      paymob:
        env.PAYMOB_API_KEY && env.PAYMOB_INTEGRATION_ID && env.PAYMOB_IFRAME_ID && env.PAYMOB_HMAC_SECRET
          ? {
              apiKey: env.PAYMOB_API_KEY,
              integrationId: Number(env.PAYMOB_INTEGRATION_ID),
              iframeId: Number(env.PAYMOB_IFRAME_ID),
              hmacSecret: env.PAYMOB_HMAC_SECRET,
              apiUrl: env.PAYMOB_API_URL.replace(/\/$/, ''),
            }
          : null,
      fawry:
        env.FAWRY_MERCHANT_CODE && env.FAWRY_SECURE_KEY
          ? {
              merchantCode: env.FAWRY_MERCHANT_CODE,
              secureKey: env.FAWRY_SECURE_KEY,
              apiUrl: env.FAWRY_API_URL.replace(/\/$/, ''),
            }
          : null,
    },
    referralRewardMinor: Math.round(env.REFERRAL_REWARD * 100),
    referrals: {
      rewardMinor: Math.round(env.REFERRAL_REWARD * 100),
      minPurchaseMinor: Math.round(env.REFERRAL_MIN_PURCHASE * 100),
      holdMs: env.REFERRAL_HOLD_DAYS * 86_400_000,
      maxPerMonth: env.REFERRAL_MAX_PER_MONTH,
    },
    receiptTaxRate: env.RECEIPT_TAX_RATE,
  }
}
