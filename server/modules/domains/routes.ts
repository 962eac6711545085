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
import { paginate } from '../../lib/pagination'
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

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  502: errorBodySchema,
}
const tags = ['domains']
const security = [{ bearer: [] }]

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

  owner.get(
    '/api/domains/domains/',
    {
      config: { keepAnswer: true },
      schema: {
        tags,
        summary: "The caller's domains; optional status and search",
        security,
        querystring: domainListQuerySchema,
        response: { 200: domainListSchema, ...errors },
      },
    },
    async (request) =>
      paginate(
        request,
        app.config.publicUrl,
        await domains.listDomains(app.db, callerOf(request), request.query),
      ),
  )

  owner.get(
    '/api/domains/domains/:id/',
    {
      config: { keepAnswer: true },
      schema: {
        tags,
        summary: 'One domain',
        security,
        params: recordIdParamSchema,
        response: { 200: domainSchema, ...errors },
      },
    },
    async (request) => domains.domainDetails(app.db, callerOf(request), request.params.id),
  )

  owner.post(
    '/api/domains/domains/:id/toggle_autorenew/',
    {
      schema: {
        tags,
        summary: 'Turns auto-renew on or off',
        security,
        params: recordIdParamSchema,
        response: { 200: domainSchema, ...errors },
      },
    },
    async (request) => domains.toggleAutoRenew(deps, callerOf(request), request.params.id),
  )

  owner.post(
    '/api/domains/domains/:id/lock/',
    {
      schema: {
        tags,
        summary: 'Locks the domain against transfer',
        security,
        params: recordIdParamSchema,
        response: { 200: domainSchema, ...errors },
      },
    },
    async (request) => domains.setLock(deps, callerOf(request), request.params.id, true),
  )

  owner.post(
    '/api/domains/domains/:id/unlock/',
    {
      schema: {
        tags,
        summary: 'Unlocks the domain (needed for its transfer code)',
        security,
        params: recordIdParamSchema,
        response: { 200: domainSchema, ...errors },
      },
    },
    async (request) => domains.setLock(deps, callerOf(request), request.params.id, false),
  )

  owner.post(
    '/api/domains/domains/:id/get_auth_code/',
    {
      schema: {
        tags,
        summary: 'The transfer authorisation code; 409 while the domain is locked',
        security,
        params: recordIdParamSchema,
        response: { 200: authCodeSchema, ...errors },
      },
    },
    async (request) => domains.authCode(deps, callerOf(request), request.params.id),
  )

  owner.post(
    '/api/domains/domains/:id/update_nameservers/',
    {
      schema: {
        tags,
        summary: 'Replaces the nameservers (at least 2 host names)',
        security,
        params: recordIdParamSchema,
        body: nameserversRequestSchema,
        response: { 200: domainSchema, ...errors },
      },
    },
    async (request) =>
      domains.updateNameservers(deps, callerOf(request), request.params.id, request.body.nameservers),
  )

  owner.post(
    '/api/domains/domains/:id/update_contacts/',
    {
      schema: {
        tags,
        summary: 'Replaces the registrant contact (also used for admin, tech and billing)',
        security,
        params: recordIdParamSchema,
        body: contactUpdateSchema,
        response: { 200: domainSchema, ...errors },
      },
    },
    async (request) => domains.updateContact(deps, callerOf(request), request.params.id, request.body),
  )

  owner.post(
    '/api/domains/domains/:id/apply_dns_template/',
    {
      schema: {
        tags,
        summary: "Adds a DNS template's records (Google Workspace, Microsoft 365, GitHub Pages)",
        security,
        params: recordIdParamSchema,
        body: applyTemplateRequestSchema,
        response: { 201: dnsRecordListSchema, ...errors },
      },
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
      schema: {
        tags,
        summary: "A domain's DNS records",
        security,
        querystring: dnsRecordQuerySchema,
        response: { 200: dnsRecordListSchema, ...errors },
      },
    },
    async (request) => dns.listRecords(app.db, callerOf(request), request.query.domain),
  )

  owner.post(
    '/api/domains/dns-records/',
    {
      schema: {
        tags,
        summary: 'Adds a DNS record (validated per type)',
        security,
        body: dnsRecordRequestSchema,
        response: { 201: dnsRecordSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await dns.createRecord(deps, callerOf(request), request.body)),
  )

  owner.put(
    '/api/domains/dns-records/:id/',
    {
      schema: {
        tags,
        summary: 'Replaces a DNS record',
        security,
        params: recordIdParamSchema,
        body: dnsRecordRequestSchema,
        response: { 200: dnsRecordSchema, ...errors },
      },
    },
    async (request) => dns.updateRecord(deps, callerOf(request), request.params.id, request.body),
  )

  owner.delete(
    '/api/domains/dns-records/:id/',
    {
      schema: {
        tags,
        summary: 'Deletes a DNS record',
        security,
        params: recordIdParamSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await dns.deleteRecord(deps, callerOf(request), request.params.id)
      return reply.status(204).send(null)
    },
  )

  owner.post(
    '/api/domains/domains/register/',
    {
      schema: {
        tags,
        summary: 'Creates a registration order (the name is registered once the payment is confirmed)',
        security,
        body: registrationRequestSchema,
        response: { 201: orderResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await domainOrders.registerDomain(deps, callerOf(request), request.body)),
  )

  owner.post(
    '/api/domains/domains/:id/renew/',
    {
      schema: {
        tags,
        summary: 'Creates a renewal order (the expiry moves once the payment is confirmed)',
        security,
        params: recordIdParamSchema,
        body: renewRequestSchema,
        response: { 201: orderResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await domainOrders.renewDomain(deps, callerOf(request), request.params.id, request.body)),
  )

  owner.post(
    '/api/domains/domains/process-order/:id/',
    {
      schema: {
        tags,
        summary: 'Where a domain order stands after payment: paid, fulfilled, and its domain',
        security,
        params: recordIdParamSchema,
        response: { 200: processOrderResponseSchema, ...errors },
      },
    },
    async (request) => domainOrders.processOrder(app.db, callerOf(request), request.params.id),
  )

  owner.get(
    '/api/domains/orders/',
    {
      schema: {
        tags,
        summary: "The caller's domain orders; optional status and order_type",
        security,
        querystring: orderListQuerySchema,
        response: { 200: domainOrderListSchema, ...errors },
      },
    },
    async (request) =>
      paginate(
        request,
        app.config.publicUrl,
        await domainOrders.listOrders(app.db, callerOf(request), request.query),
      ),
  )

  const payments = paymentDeps(app)
  const localGatewayErrors = { ...errors, 503: errorBodySchema }

  owner.post(
    '/api/domains/orders/:id/payments/fawry/',
    {
      schema: {
        tags,
        summary:
          'Starts paying a domain order with Fawry (EGP): answers payment_url and the reference number',
        security,
        params: recordIdParamSchema,
        body: localGatewayProcessRequestSchema,
        response: { 200: fawryProcessResponseSchema, ...localGatewayErrors },
      },
    },
    async (request) => {
      const order = await domainOrders.ownOrder(app.db, callerOf(request), request.params.id)
      return startFawryPayment(payments, order.userId, order.id, request.body)
    },
  )

  owner.post(
    '/api/domains/orders/:id/payments/paymob/',
    {
      schema: {
        tags,
        summary: 'Starts paying a domain order with Paymob (EGP): answers payment_url and iframe_url',
        security,
        params: recordIdParamSchema,
        body: localGatewayProcessRequestSchema,
        response: { 200: paymobProcessResponseSchema, ...localGatewayErrors },
      },
    },
    async (request) => {
      const order = await domainOrders.ownOrder(app.db, callerOf(request), request.params.id)
      return startPaymobPayment(payments, order.userId, order.id, request.body)
    },
  )

  owner.get(
    '/api/domains/orders/:id/',
    {
      schema: {
        tags,
        summary: 'One domain order',
        security,
        params: recordIdParamSchema,
        response: { 200: domainOrderSchema, ...errors },
      },
    },
    async (request) => domainOrders.orderDetails(app.db, callerOf(request), request.params.id),
  )
}
