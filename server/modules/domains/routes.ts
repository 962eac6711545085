import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import * as z from 'zod/mini'
import { errorBodySchema, recordIdParamSchema } from '@/contract/common'
import {
  applyTemplateRequestSchema,
  authCodeSchema,
  availabilityListSchema,
  checkAvailabilityRequestSchema,
  contactUpdateSchema,
  dnsRecordListSchema,
  dnsRecordQuerySchema,
  dnsRecordRequestSchema,
  dnsRecordSchema,
  domainListQuerySchema,
  domainListSchema,
  domainOrderListSchema,
  domainOrderSchema,
  domainSchema,
  nameserversRequestSchema,
  orderListQuerySchema,
  orderResponseSchema,
  processOrderResponseSchema,
  registrationRequestSchema,
  renewRequestSchema,
  searchRequestSchema,
  searchResultSchema,
} from '@/contract/domains'
import { bearerSecurity, errorAnswers, routeSchemas } from '../../lib/route-schema'
import { callerOf } from '../../plugins/auth'
import { limits } from '../../plugins/rate-limit'
import * as availability from './availability'
import * as dns from './dns'
import { dnsZoneRoutes } from './dns-routes'
import {
  fawryProcessResponseSchema,
  localGatewayProcessRequestSchema,
  paymobProcessResponseSchema,
} from '@/contract/payments'
import { paymentDeps, startFawryPayment, startPaymobPayment } from '../payments'
import * as domainOrders from './orders'
import { mailRenewalSuccess, RENEWALS_CRON, RENEWALS_QUEUE, runDomainRenewals } from './renewals'
import * as domains from './service'
import { pageRoute, recordRoute } from '../../lib/route-page'

const tags = ['domains']
const schema = routeSchemas({ tags, security: bearerSecurity, errors: errorAnswers(400, 401, 404, 409, 502) })

/** Spec 002 §7.1 under /api/domains: the public search, then the owner-only management calls. */
export const domainRoutes: FastifyPluginAsyncZod = async (app) => {
  const renewalDeps = {
    db: app.db,
    log: app.log,
    mailer: app.mailer,
    payments: paymentDeps(app),
    publicUrl: app.config.publicUrl,
  }
  app.jobs.define(RENEWALS_QUEUE, async () => void (await runDomainRenewals(renewalDeps, new Date())), {
    cron: RENEWALS_CRON,
  })
  // An automatic renewal paid by card is confirmed by the gateway's notification, after the job ran.
  app.orderHooks.onFulfilled((order) => mailRenewalSuccess(renewalDeps, order))
  await app.register(searchRoutes)
  await app.register(ownerRoutes)
}

const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public: /domain-search is a public page. Each search asks the registrar, so it is rate limited per IP.
  app.post(
    '/api/domains/domains/check_availability/',
    {
      schema: {
        tags,
        summary: 'Availability and yearly price of full domain names (at most 50)',
        body: checkAvailabilityRequestSchema,
        response: {
          200: availabilityListSchema,
          400: errorBodySchema,
          429: errorBodySchema,
          502: errorBodySchema,
        },
      },
      config: { rateLimit: limits.lookup },
    },
    async (request) =>
      availability
        .checkAvailability(app.registrar, request.body.domain_names)
        .catch((e: unknown) => domains.registrarFailure(e, 'The registrar could not be reached.')),
  )

  app.post(
    '/api/domains/domains/search/',
    {
      schema: {
        tags,
        summary: 'A name in each chosen TLD, with suggestions built from the six suffixes',
        body: searchRequestSchema,
        response: {
          200: searchResultSchema,
          400: errorBodySchema,
          429: errorBodySchema,
          502: errorBodySchema,
        },
      },
      config: { rateLimit: limits.lookup },
    },
    async (request) =>
      availability
        .searchDomains(app.registrar, request.body)
        .catch((e: unknown) => domains.registrarFailure(e, 'The registrar could not be reached.')),
  )
}

const ownerRoutes: FastifyPluginAsyncZod = async (owner) => {
  const app = owner
  const deps = { db: app.db, registrar: app.registrar }
  owner.addHook('preHandler', app.authenticate)
  await owner.register(dnsZoneRoutes)

  pageRoute(owner, schema, '/api/domains/domains/', {
    summary: "The caller's domains; optional status and search",
    query: domainListQuerySchema,
    page: domainListSchema,
    keepAnswer: true,
    load: (request, query) => domains.listDomains(app.db, callerOf(request), query),
  })

  recordRoute(owner, schema, '/api/domains/domains/:id/', {
    summary: 'One domain',
    answer: domainSchema,
    keepAnswer: true,
    load: (request, id) => domains.domainDetails(app.db, callerOf(request), id),
  })

  owner.post(
    '/api/domains/domains/:id/toggle_autorenew/',
    {
      schema: schema('Turns auto-renew on or off', {
        params: recordIdParamSchema,
        response: { 200: domainSchema },
      }),
    },
    async (request) => domains.toggleAutoRenew(deps, callerOf(request), request.params.id),
  )

  // Locking and unlocking: the same switch, either way.
  const locks = [
    { action: 'lock', locked: true, summary: 'Locks the domain against transfer' },
    { action: 'unlock', locked: false, summary: 'Unlocks the domain (needed for its transfer code)' },
  ]
  for (const { action, locked, summary } of locks) {
    owner.post(
      `/api/domains/domains/:id/${action}/`,
      { schema: schema(summary, { params: recordIdParamSchema, response: { 200: domainSchema } }) },
      async (request) => domains.setLock(deps, callerOf(request), request.params.id, locked),
    )
  }

  owner.post(
    '/api/domains/domains/:id/get_auth_code/',
    {
      schema: schema('The transfer authorisation code; 409 while the domain is locked', {
        params: recordIdParamSchema,
        response: { 200: authCodeSchema },
      }),
    },
    async (request) => domains.authCode(deps, callerOf(request), request.params.id),
  )

  owner.post(
    '/api/domains/domains/:id/update_nameservers/',
    {
      schema: schema('Replaces the nameservers (at least 2 host names)', {
        params: recordIdParamSchema,
        body: nameserversRequestSchema,
        response: { 200: domainSchema },
      }),
    },
    async (request) =>
      domains.updateNameservers(deps, callerOf(request), request.params.id, request.body.nameservers),
  )

  owner.post(
    '/api/domains/domains/:id/update_contacts/',
    {
      schema: schema('Replaces the registrant contact (also used for admin, tech and billing)', {
        params: recordIdParamSchema,
        body: contactUpdateSchema,
        response: { 200: domainSchema },
      }),
    },
    async (request) => domains.updateContact(deps, callerOf(request), request.params.id, request.body),
  )

  owner.post(
    '/api/domains/domains/:id/apply_dns_template/',
    {
      schema: schema("Adds a DNS template's records (Google Workspace, Microsoft 365, GitHub Pages)", {
        params: recordIdParamSchema,
        body: applyTemplateRequestSchema,
        response: { 201: dnsRecordListSchema },
      }),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await dns.applyTemplate(deps, callerOf(request), request.params.id, request.body)),
  )

  owner.get(
    '/api/domains/dns-records/',
    {
      config: { keepAnswer: true },
      schema: schema("A domain's DNS records", {
        querystring: dnsRecordQuerySchema,
        response: { 200: dnsRecordListSchema },
      }),
    },
    async (request) => dns.listRecords(app.db, callerOf(request), request.query.domain),
  )

  owner.post(
    '/api/domains/dns-records/',
    {
      schema: schema('Adds a DNS record (validated per type)', {
        body: dnsRecordRequestSchema,
        response: { 201: dnsRecordSchema },
      }),
    },
    async (request, reply) =>
      reply.status(201).send(await dns.createRecord(deps, callerOf(request), request.body)),
  )

  owner.put(
    '/api/domains/dns-records/:id/',
    {
      schema: schema('Replaces a DNS record', {
        params: recordIdParamSchema,
        body: dnsRecordRequestSchema,
        response: { 200: dnsRecordSchema },
      }),
    },
    async (request) => dns.updateRecord(deps, callerOf(request), request.params.id, request.body),
  )

  owner.delete(
    '/api/domains/dns-records/:id/',
    {
      schema: schema('Deletes a DNS record', { params: recordIdParamSchema, response: { 204: z.null() } }),
    },
    async (request, reply) => {
      await dns.deleteRecord(deps, callerOf(request), request.params.id)
      return reply.status(204).send(null)
    },
  )

  owner.post(
    '/api/domains/domains/register/',
    {
      schema: schema('Creates a registration order (the name is registered once the payment is confirmed)', {
        body: registrationRequestSchema,
        response: { 201: orderResponseSchema },
      }),
    },
    async (request, reply) =>
      reply.status(201).send(await domainOrders.registerDomain(deps, callerOf(request), request.body)),
  )

  owner.post(
    '/api/domains/domains/:id/renew/',
    {
      schema: schema('Creates a renewal order (the expiry moves once the payment is confirmed)', {
        params: recordIdParamSchema,
        body: renewRequestSchema,
        response: { 201: orderResponseSchema },
      }),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await domainOrders.renewDomain(deps, callerOf(request), request.params.id, request.body)),
  )

  owner.post(
    '/api/domains/domains/process-order/:id/',
    {
      schema: schema('Where a domain order stands after payment: paid, fulfilled, and its domain', {
        params: recordIdParamSchema,
        response: { 200: processOrderResponseSchema },
      }),
    },
    async (request) => domainOrders.processOrder(app.db, callerOf(request), request.params.id),
  )

  pageRoute(owner, schema, '/api/domains/orders/', {
    summary: "The caller's domain orders; optional status and order_type",
    query: orderListQuerySchema,
    page: domainOrderListSchema,
    load: (request, query) => domainOrders.listOrders(app.db, callerOf(request), query),
  })

  const payments = paymentDeps(app)
  const localGateways = [
    {
      name: 'fawry',
      label: 'Fawry',
      answers: 'payment_url and the reference number',
      start: startFawryPayment,
    },
    { name: 'paymob', label: 'Paymob', answers: 'payment_url and iframe_url', start: startPaymobPayment },
  ] as const
  const localGatewayAnswers = { fawry: fawryProcessResponseSchema, paymob: paymobProcessResponseSchema }

  for (const gateway of localGateways) {
    owner.post(
      `/api/domains/orders/:id/payments/${gateway.name}/`,
      {
        schema: schema(
          `Starts paying a domain order with ${gateway.label} (EGP): answers ${gateway.answers}`,
          {
            params: recordIdParamSchema,
            body: localGatewayProcessRequestSchema,
            response: { 200: localGatewayAnswers[gateway.name], ...errorAnswers(503) },
          },
        ),
      },
      async (request) => {
        const order = await domainOrders.ownOrder(app.db, callerOf(request), request.params.id)
        return gateway.start(payments, order.userId, order.id, request.body)
      },
    )
  }

  recordRoute(owner, schema, '/api/domains/orders/:id/', {
    summary: 'One domain order',
    answer: domainOrderSchema,
    load: (request, id) => domainOrders.orderDetails(app.db, callerOf(request), id),
  })
}
