import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import {
  appDetailsSchema,
  createAppResponseSchema,
  packageListSchema,
  type ServiceType,
} from '../../../src/contract/apps'
import { appSubscriptions, orders } from '../../../server/db/schema'
import { fulfilAppOrder } from '../../../server/modules/apps/service'
import type { SignedIn } from './auth'
import { requests } from './requests'

/** The catalogue's packages of one service type. */
export async function catalogue(app: FastifyInstance, who: SignedIn, type: ServiceType) {
  const response = await requests(app).get(`/api/client/packages/?service_type=${type}`, who)
  expect(response.statusCode).toBe(200)
  return packageListSchema.parse(response.json()).packages
}

/** An app of the caller with the first catalogue package of each type, activated as a paid order would. */
export async function paidApp(app: FastifyInstance, who: SignedIn, types: ServiceType[], name: string) {
  const { get, post } = requests(app)
  const selected: Record<string, number> = {}
  for (const type of types) selected[type] = (await catalogue(app, who, type))[0]?.id as number
  const response = await post(
    '/api/client/create-app/',
    { app_name: name, service_type: types, selected_packages: selected, payment_method: 'stripe' },
    who,
  )
  expect(response.statusCode).toBe(201)
  const created = createAppResponseSchema.parse(response.json())
  const [order] = await app.db
    .select()
    .from(orders)
    .where(eq(orders.id, created.order_id as number))
  await fulfilAppOrder(app.db, order as { details: Record<string, unknown> })
  const details = appDetailsSchema.parse((await get(`/api/client/apps/${created.id}/`, who)).json())
  return { id: created.id, key: details.api_key as string, testKey: details.test_api_key as string }
}

/** Sets every subscription of the app to this many messages (segments). */
export async function setLimit(app: FastifyInstance, appId: number, limit: number) {
  await app.db.update(appSubscriptions).set({ messagesLimit: limit }).where(eq(appSubscriptions.appId, appId))
}

/** A messaging API call with an app key (and optionally an Idempotency-Key). */
export function sendWith(app: FastifyInstance) {
  return (key: string | undefined, payload: object, idempotencyKey?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/messages',
      headers: {
        ...(key === undefined ? {} : { 'x-api-key': key }),
        ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
      },
      payload,
    })
}

export function readWith(app: FastifyInstance) {
  return (key: string, url: string) => app.inject({ url, headers: { 'x-api-key': key } })
}
