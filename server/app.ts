import { createHmac, randomUUID } from 'node:crypto'
import { constants as zlib } from 'node:zlib'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import cors from '@fastify/cors'
import multipart from '@fastify/multipart'
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { getTableName } from 'drizzle-orm'
import { createMailer, type Mailer } from './adapters/mail'
import { createRegistrar, type Registrar } from './adapters/registrar'
import { createPayments, type Payments } from './adapters/payments'
import { createSmsSender, type SmsSender } from './adapters/sms'
import { createStorage, type FileStorage } from './adapters/storage'
import { createWhatsAppSender, type WhatsAppSender } from './adapters/whatsapp'
import type { Config } from './config'
import type { DatabaseHandle } from './db/client'
import { blogPosts } from './db/schema'
import { accountRoutes, accountStaffRoutes } from './modules/accounts'
import { analyticsRoutes } from './modules/analytics'
import { appRoutes, cancelPendingApp, fulfilAppOrder, suspendRefundedApp } from './modules/apps'
import { assistantRoutes } from './modules/assistant'
import {
  accountSecurityRoutes,
  authRoutes,
  TrustedDevices,
  type EmailVerifiedListener,
  type RegistrationListener,
} from './modules/auth'
import { blogRoutes, blogStaffRoutes, ViewCounter } from './modules/blog'
import { careerRoutes, careerStaffRoutes } from './modules/careers'
import { certificateRoutes } from './modules/certificates'
import { contentMediaRoutes, contentStaffRoutes } from './modules/content'
import { devRoutes } from './modules/dev'
import { domainRoutes, registerDomainFulfillers } from './modules/domains'
import { healthRoutes } from './modules/health'
import { portalRoutes, portalStaffRoutes } from './modules/portal'
import { receiptRoutes } from './modules/receipts'
import { referralRoutes, walletReferrals } from './modules/referrals'
import { supportRoutes, supportStaffRoutes } from './modules/support'
import { inquiryRoutes, inquiryStaffRoutes } from './modules/inquiries'
import { newsletterRoutes } from './modules/newsletter'
import { offerRoutes, offerStaffRoutes } from './modules/offers'
import { officeRoutes, officeStaffRoutes } from './modules/offices'
import { outboxRoutes } from './modules/outbox'
import {
  billingRoutes,
  listSavedCards,
  OrderHooks,
  paymentDeps,
  PaymentEvents,
  paymentRoutes,
  paymentSandboxRoutes,
  paymentStaffRoutes,
  savedCardRoutes,
} from './modules/payments'
import { partnerRoutes, partnerStaffRoutes } from './modules/partners'
import { productCategoryRoutes } from './modules/product-categories'
import { projectRoutes, projectStaffRoutes } from './modules/projects'
import { recoveryRoutes } from './modules/recovery'
import { servicePagesRoutes } from './modules/services'
import { fulfilWalletTopup, reverseWalletTopup, walletRoutes } from './modules/wallet'
import { staffRoutes } from './modules/staff'
import authPlugin from './plugins/auth'
import dbPlugin from './plugins/db'
import errorHandler from './plugins/error-handler'
import inputGuard from './plugins/input-guard'
import jobsPlugin, { type JobTiming } from './plugins/jobs'
import openapi from './plugins/openapi'
import rateLimit from './plugins/rate-limit'
import { ContentChanges } from './lib/content-changes'
import { storeDemoAttachments } from './db/seed/demo-files'
import { DataVersions } from './lib/data-versions'
import securityHeaders from './plugins/security-headers'
import seo from './plugins/seo'
import web from './plugins/web'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    mailer: Mailer
    registrar: Registrar
    sms: SmsSender
    storage: FileStorage
    whatsapp: WhatsAppSender
    /** Run inside the transaction that creates each client account (referrals attribute sign-ups). */
    registrationListeners: RegistrationListener[]
    /** Run inside the transaction that verifies an account's e-mail address (referrals complete). */
    emailVerifiedListeners: EmailVerifiedListener[]
    payments: Payments
    /** Who fulfils each kind of paid order and who hears about paid and refunded orders. */
    orderHooks: OrderHooks
    /** Applies recorded gateway notifications in passes after the webhook answered. */
    paymentEvents: PaymentEvents
    /** Blog post views counted in memory and written every few seconds (blog/view-counter.ts). */
    blogViews: ViewCounter
    /** Told when staff change public content, so cached public answers are dropped. */
    contentChanges: ContentChanges
    /** Answers of GET routes kept per caller until a table they read changes (embedded database only). */
    dataVersions: DataVersions
  }
}

export interface AppDeps {
  database: DatabaseHandle
  /** The JWT signing secret actually in use (configured, or generated for the embedded default). */
  jwtSecret: string
  mailer?: Mailer
  registrar?: Registrar
  sms?: SmsSender
  storage?: FileStorage
  whatsapp?: WhatsAppSender
  payments?: Payments
  /** Job queue polling and retry timing (tests shorten it); false leaves the queue stopped. */
  jobTiming?: JobTiming | false
  /** Sees every route as it is registered (the tests enumerate the API with it). */
  onRoute?: (route: RouteOptions) => void
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    // Credentials never reach the logs, whichever way they travel.
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      'res.headers["set-cookie"]',
      '*.refresh',
      '*.password',
    ],
  }
}

/** Router-level failures (bad percent-encoding, over-long path segments) answer in our error format too. */
function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const detail = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URL is too long.' : 'Malformed URL.'
  void reply.status(error.statusCode ?? 400).send({ detail })
}

/** A hop count trusts exactly that many proxies in front of us; a list trusts those addresses only. */
function trustProxyOption(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust
  return (_address: string, hop: number) => hop < trust
}

/** Builds the whole API and web server; server.ts only listens, tests only `inject`. */
export async function buildApp(config: Config, deps: AppDeps, options: FastifyServerOptions = {}) {
  const app: FastifyInstance = Fastify({
    logger: loggerOptions(config),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id']
      return config.trustProxy !== false && typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming)
        ? incoming
        : randomUUID()
    },
    requestTimeout: 30_000,
    frameworkErrors: answerFrameworkError,
    ...options,
  }).withTypeProvider<ZodTypeProvider>()

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })

  app.decorate('config', config)
  await app.register(errorHandler)
  await app.register(inputGuard)
  await app.register(dbPlugin, { handle: deps.database })
  app.decorate('mailer', deps.mailer ?? createMailer(config, deps.database.db, app.log))
  app.decorate('registrar', deps.registrar ?? createRegistrar(config, deps.database.db))
  app.decorate('sms', deps.sms ?? createSmsSender(config, deps.database.db, app.log))
  app.decorate('storage', deps.storage ?? createStorage(config))
  app.addHook('onClose', async () => app.storage.close?.())
  // Demo ticket attachments seeded without storage are written to it once per database. A file store
  // that is down at start must not keep the server from starting: the next start retries.
  app.addHook('onReady', () =>
    storeDemoAttachments(app.db, app.storage, app.log).catch((error: unknown) => {
      app.log.error({ err: error }, 'demo ticket attachments not stored')
    }),
  )
  app.decorate('whatsapp', deps.whatsapp ?? createWhatsAppSender(config, deps.database.db, app.log))
  await app.register(jobsPlugin, {
    executeSql: deps.database.executeSql,
    embedded: deps.database.kind === 'pglite',
    timing: deps.jobTiming,
  })
  app.decorate(
    'payments',
    deps.payments ??
      createPayments(config, {
        db: deps.database.db,
        // Every instance signs and checks sandbox notifications alike, without another secret to manage.
        sandboxSecret: createHmac('sha256', deps.jwtSecret).update('payments-sandbox').digest('hex'),
        deliver: async ({ url, headers, payload }) => {
          const answer = await app.inject({ method: 'POST', url, headers, payload })
          // The hosted sandbox pages go on once this instance applied the notification (a real gateway's
          // redirect may come first; the result pages poll the order either way).
          await app.paymentEvents.idle()
          return { statusCode: answer.statusCode }
        },
      }),
  )
  const orderHooks = new OrderHooks()
  orderHooks.registerFulfiller('wallet_topup', fulfilWalletTopup)
  orderHooks.registerFulfiller('app_package', fulfilAppOrder)
  // What a refund takes back (server/modules/payments/refunds.ts); referrals register their own.
  orderHooks.onRefunded((tx, order, context) => reverseWalletTopup(tx, order, context.log))
  orderHooks.onRefunded((tx, order) => suspendRefundedApp(tx, order))
  orderHooks.onCancelled((tx, order) => cancelPendingApp(tx, order))
  registerDomainFulfillers(orderHooks, app.registrar)
  app.decorate('orderHooks', orderHooks)
  app.decorate('paymentEvents', new PaymentEvents(paymentDeps(app)))
  const blogViews = new ViewCounter(app.db, (error) =>
    app.log.error({ err: error }, 'writing blog post views failed; they are written with the next ones'),
  )
  app.decorate('blogViews', blogViews)
  // preClose runs before every onClose hook, so the database is still open for the last write.
  app.addHook('preClose', () => blogViews.close())
  const https = config.publicUrl.startsWith('https://')
  await app.register(securityHeaders, { https, stripe: config.payments.stripe !== null })
  await app.register(cors, {
    // Only the desktop app (app:// scheme) calls from another origin, with bearer tokens and never
    // cookies: its refresh token stays in the main process, which calls the API without a browser.
    origin: config.corsOrigins,
    credentials: false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
  })
  // Pages and JSON are compressed on the way out (fast brotli levels); built assets are precompressed.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  })
  await app.register(cookie)
  // Files are streamed to storage by lib/uploads.ts, which applies each route's own limits.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: 10 * 1024 * 1024 + 1, files: 2, fields: 40, fieldSize: 100_000, parts: 50 },
  })
  await app.register(rateLimit, { redisUrl: config.redisUrl })
  await app.register(authPlugin, {
    secret: deps.jwtSecret,
    previousSecret: config.jwt.previousSecret,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
  })
  await app.register(openapi, { publicUrl: config.publicUrl })
  await app.register(seo, { publicUrl: config.publicUrl })

  app.decorate('registrationListeners', [] as RegistrationListener[])
  app.decorate('emailVerifiedListeners', [] as EmailVerifiedListener[])
  app.decorate('trustedDevices', new TrustedDevices(deps.jwtSecret, https))
  app.decorate('contentChanges', new ContentChanges())
  const dataVersions = new DataVersions()
  await dataVersions.listen(deps.database)
  app.addHook('onClose', async () => dataVersions.close())
  app.decorate('dataVersions', dataVersions)
  app.contentChanges.onChange(() => dataVersions.forgetPublic())
  blogViews.onWritten(() => dataVersions.changed(getTableName(blogPosts)))
  app.addHook('onRoute', (route) => {
    if (route.config?.keepAnswer) route.handler = dataVersions.keep(route.handler)
  })

  await app.register(healthRoutes)
  await app.register(authRoutes, { secureCookies: https })
  await app.register(accountSecurityRoutes)
  await app.register(accountRoutes)
  await app.register(analyticsRoutes)
  await app.register(blogRoutes)
  await app.register(careerRoutes)
  await app.register(newsletterRoutes)
  await app.register(productCategoryRoutes)
  await app.register(projectRoutes)
  await app.register(partnerRoutes)
  await app.register(offerRoutes)
  await app.register(inquiryRoutes)
  await app.register(officeRoutes)
  await app.register(servicePagesRoutes)
  await app.register(portalRoutes)
  await app.register(appRoutes)
  await app.register(supportRoutes)
  await app.register(assistantRoutes)
  await app.register(certificateRoutes)
  await app.register(recoveryRoutes)
  await app.register(receiptRoutes)
  await app.register(referralRoutes)
  await app.register(domainRoutes)
  await app.register(outboxRoutes)
  await app.register(paymentRoutes)
  await app.register(billingRoutes)
  await app.register(savedCardRoutes)
  await app.register(paymentSandboxRoutes)
  await app.register(walletRoutes, {
    savedCards: listSavedCards,
    referrals: walletReferrals(config.referralRewardMinor),
  })
  // The console: the role check and what is console-wide, then each area's console routes behind it.
  await app.register(staffRoutes, {
    areas: [
      supportStaffRoutes,
      portalStaffRoutes,
      inquiryStaffRoutes,
      accountStaffRoutes,
      blogStaffRoutes,
      careerStaffRoutes,
      offerStaffRoutes,
      partnerStaffRoutes,
      projectStaffRoutes,
      officeStaffRoutes,
      contentStaffRoutes,
      paymentStaffRoutes,
    ],
  })
  await app.register(contentMediaRoutes)
  if (config.env === 'development') await app.register(devRoutes)

  await app.register(web, { root: config.webDist, publicUrl: config.publicUrl })
  return app
}
