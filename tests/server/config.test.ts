import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config'

const SIGNING_KEY = generateKeyPairSync('ed25519')
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString()

describe('loadConfig', () => {
  it('runs the embedded setup with no variables at all', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      publicUrl: 'http://127.0.0.1:8080',
      demo: { active: true, explicit: false },
    })
    expect(config.database.kind).toBe('pglite')
    expect(config.passwordHashCost).toBe(17)
  })

  it('names every bad variable in one error', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', LOG_LEVEL: 'loud' })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      const message = (error as Error).message
      for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'LOG_LEVEL']) expect(message).toContain(name)
    }
  })

  it('runs the embedded database in a worker thread unless PGLITE_WORKER=0', () => {
    const base = {
      JWT_SECRET: 'x'.repeat(32),
      CERTIFICATE_SIGNING_KEY: SIGNING_KEY,
      APP_KEY_SECRET: 'k'.repeat(40),
    }
    expect(loadConfig(base).database).toMatchObject({ kind: 'pglite', worker: true })
    expect(loadConfig({ ...base, PGLITE_WORKER: '0' }).database).toMatchObject({
      kind: 'pglite',
      worker: false,
    })
  })

  it('uses PostgreSQL with DATABASE_URL and seeds nothing unless asked', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/app',
      JWT_SECRET: 'x'.repeat(32),
      CERTIFICATE_SIGNING_KEY: SIGNING_KEY,
      APP_KEY_SECRET: 'k'.repeat(40),
    })
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/app', poolMax: 10 })
    expect(config.demo.active).toBe(false)
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://u@db/app',
        JWT_SECRET: 'x'.repeat(32),
        SEED_DEMO: '1',
        CERTIFICATE_SIGNING_KEY: SIGNING_KEY,
        APP_KEY_SECRET: 'k'.repeat(40),
      }).demo,
    ).toEqual({ active: true, explicit: true })
  })

  it('requires a shared certificate signing key for PostgreSQL in production, and checks it', () => {
    const base = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://u@db/app',
      JWT_SECRET: 'x'.repeat(32),
      APP_KEY_SECRET: 'k'.repeat(40),
    }
    expect(() => loadConfig(base)).toThrow(/CERTIFICATE_SIGNING_KEY: required/)
    expect(() => loadConfig({ ...base, CERTIFICATE_SIGNING_KEY: 'x'.repeat(64) })).toThrow(
      /CERTIFICATE_SIGNING_KEY: must be an Ed25519 private key/,
    )
    const der = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'der' })
    expect(loadConfig({ ...base, CERTIFICATE_SIGNING_KEY: SIGNING_KEY }).certificateSigningKey).toBe(
      SIGNING_KEY,
    )
    expect(() => loadConfig({ ...base, CERTIFICATE_SIGNING_KEY: der.toString('base64') })).not.toThrow()
  })

  it('takes Twilio only with all three variables', () => {
    const sid = `AC${'a'.repeat(32)}`
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: sid })).toThrow(/TWILIO_AUTH_TOKEN/)
    expect(loadConfig({}).twilio).toBeNull()
    const config = loadConfig({
      TWILIO_ACCOUNT_SID: sid,
      TWILIO_AUTH_TOKEN: 't'.repeat(32),
      TWILIO_FROM: '+13125550100',
    })
    expect(config.twilio).toMatchObject({
      accountSid: sid,
      from: '+13125550100',
      apiUrl: 'https://api.twilio.com',
    })
  })

  it('reads the payment settings: the EGP rate, the sandbox pages and the referral reward', () => {
    const defaults = loadConfig({})
    expect(defaults.payments).toMatchObject({ usdToEgpRate: 30, sandboxPages: true })
    expect(defaults.referralRewardMinor).toBe(1000)
    expect(() => loadConfig({ USD_TO_EGP_RATE: '0' })).toThrow(/USD_TO_EGP_RATE/)
    expect(loadConfig({ HOST: '0.0.0.0' }).payments.sandboxPages).toBe(false)
    expect(loadConfig({ HOST: '0.0.0.0', PAYMENTS_SANDBOX: '1' }).payments.sandboxPages).toBe(true)
  })

  it('takes each payment gateway only with all of its keys, and the sandbox without any', () => {
    expect(loadConfig({}).payments).toMatchObject({
      stripe: null,
      paymob: null,
      fawry: null,
      usdToEgpRate: 30,
    })
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_PUBLISHABLE_KEY/)
    expect(() => loadConfig({ PAYMOB_API_KEY: 'k', PAYMOB_HMAC_SECRET: 's' })).toThrow(
      /PAYMOB_INTEGRATION_ID/,
    )
    expect(() => loadConfig({ FAWRY_SECURE_KEY: 'k' })).toThrow(/FAWRY_MERCHANT_CODE/)
    expect(() =>
      loadConfig({
        STRIPE_SECRET_KEY: 'pk_wrong',
        STRIPE_PUBLISHABLE_KEY: 'pk_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
      }),
    ).toThrow(/STRIPE_SECRET_KEY: must start with sk_ or rk_/)
    expect(() => loadConfig({ PAYMOB_INTEGRATION_ID: 'abc' })).toThrow(
      /PAYMOB_INTEGRATION_ID: must be a number/,
    )
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_API_URL: 'http://127.0.0.1:9999/',
      PAYMOB_API_KEY: 'key',
      PAYMOB_INTEGRATION_ID: '4097558',
      PAYMOB_IFRAME_ID: '830211',
      PAYMOB_HMAC_SECRET: 'hmac',
      FAWRY_MERCHANT_CODE: 'code',
      FAWRY_SECURE_KEY: 'secure',
      USD_TO_EGP_RATE: '48.5',
      REFERRAL_REWARD: '12.5',
      RECEIPT_TAX_RATE: '14',
    })
    expect(config.payments).toMatchObject({
      usdToEgpRate: 48.5,
      stripe: {
        secretKey: 'sk_test_1',
        publishableKey: 'pk_test_1',
        webhookSecret: 'whsec_1',
        apiUrl: 'http://127.0.0.1:9999',
      },
      paymob: {
        apiKey: 'key',
        integrationId: 4097558,
        iframeId: 830211,
        hmacSecret: 'hmac',
        apiUrl: 'https://accept.paymob.com',
      },
      fawry: { merchantCode: 'code', secureKey: 'secure', apiUrl: 'https://atfawry.fawrystaging.com' },
    })
    expect(config.referralRewardMinor).toBe(1250)
    expect(config.receiptTaxRate).toBe(14)
    expect(() => loadConfig({ RECEIPT_TAX_RATE: '101' })).toThrow(/RECEIPT_TAX_RATE/)
  })

  it('takes Name.com only with both the user name and the token', () => {
    expect(() => loadConfig({ NAMECOM_USERNAME: 'cypher' })).toThrow(/NAMECOM_TOKEN/)
    expect(() => loadConfig({ NAMECOM_USERNAME: 'cypher', NAMECOM_TOKEN: 'short' })).toThrow(/NAMECOM_TOKEN/)
    expect(loadConfig({}).namecom).toBeNull()
    expect(
      loadConfig({
        NAMECOM_USERNAME: 'cypher-test',
        NAMECOM_TOKEN: 't'.repeat(40),
        NAMECOM_API_URL: 'https://api.dev.name.com/',
      }).namecom,
    ).toEqual({ username: 'cypher-test', token: 't'.repeat(40), apiUrl: 'https://api.dev.name.com' })
  })

  it('requires a shared JWT secret for PostgreSQL in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@db/app' })).toThrow(
      /JWT_SECRET/,
    )
  })

  it('derives the public URL from host and port unless given', () => {
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '9000' }).publicUrl).toBe('http://0.0.0.0:9000')
    expect(loadConfig({ PUBLIC_URL: 'https://cypher.example/' }).publicUrl).toBe('https://cypher.example')
  })
})

describe('security settings', () => {
  it('refuses a password hash cost below 2^15', () => {
    expect(() => loadConfig({ PASSWORD_HASH_COST: '14' })).toThrow(/PASSWORD_HASH_COST/)
    expect(loadConfig({ PASSWORD_HASH_COST: '15' }).passwordHashCost).toBe(15)
  })

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      '::1',
    ])
    for (const bad of ['true', 'proxy.local', '10.0.0.0/33', '11']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/)
    }
  })

  it('turns demo mode on by itself only for the embedded database on a loopback address', () => {
    expect(loadConfig({ HOST: '127.0.0.1' }).demo).toEqual({ active: true, explicit: false })
    expect(loadConfig({ HOST: '::1' }).demo.active).toBe(true)
    expect(loadConfig({ HOST: '0.0.0.0' }).demo.active).toBe(false)
    expect(loadConfig({ HOST: '0.0.0.0', SEED_DEMO: '1' }).demo).toEqual({ active: true, explicit: true })
    expect(loadConfig({ HOST: '127.0.0.1', SEED_DEMO: '0' }).demo.active).toBe(false)
  })
})
