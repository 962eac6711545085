import { randomUUID } from 'node:crypto'
import {
  domainMessages,
  domainPrice,
  FALLBACK_PRICE,
  isOfferedDomainName,
  ORDER_TYPES,
  type DomainContact,
  type DomainOrder,
  type DomainOrderType,
} from '@/contract/domains'
import { fromMinorUnits, toMinorUnits } from '@/contract/common'
import type { OrderStatus } from '@/contract/payments'
import type { Registrar } from '../../adapters/registrar'
import type { Database, Executor } from '../../db/client'
import { badRequest, conflict, notFound } from '../../lib/errors'
import { pageWindow } from '../../lib/pagination'
import type { Caller } from '../../plugins/auth'
import type { OrderRow } from '../payments'
import * as repo from './repository'
import { ownDomain, readNameservers, registrarFailure, toRegistrarContact } from './service'

export const DOMAIN_ORDERS_PAGE_SIZE = 20

/** What a domain order's `details` hold for its fulfiller and for the order answer. */
export interface DomainOrderDetails {
  domain_id: number
  domain_name: string
  years: number
  whois_privacy: boolean
  base_price_minor: number
  privacy_price_minor: number
  /** A premium name's first-year price, which the registrar must be told (USD). */
  purchase_price: number | null
}

function readDetails(order: OrderRow): DomainOrderDetails {
  const d = order.details as Partial<DomainOrderDetails>
  return {
    domain_id: Number(d.domain_id),
    domain_name: String(d.domain_name ?? ''),
    years: Number(d.years ?? 1),
    whois_privacy: d.whois_privacy === true,
    base_price_minor: Number(d.base_price_minor ?? order.amountMinor),
    privacy_price_minor: Number(d.privacy_price_minor ?? 0),
    purchase_price: typeof d.purchase_price === 'number' ? d.purchase_price : null,
  }
}

export function toDomainOrder(order: OrderRow): DomainOrder {
  const details = readDetails(order)
  return {
    id: order.id,
    order_type: order.kind,
    status: order.status,
    domain_name: details.domain_name,
    domain_id: Number.isInteger(details.domain_id) ? details.domain_id : null,
    years: details.years,
    whois_privacy: details.whois_privacy,
    base_price: fromMinorUnits(details.base_price_minor),
    privacy_price: fromMinorUnits(details.privacy_price_minor),
    final_price: fromMinorUnits(order.amountMinor),
    currency: order.currency,
    created_at: order.createdAt.toISOString(),
  }
}

interface Deps {
  db: Database
  registrar: Registrar
}

export interface RegistrationBody {
  domain_name: string
  years: number
  whois_privacy: boolean
  auto_renew: boolean
  registrant_first_name: string
  registrant_last_name: string
  registrant_email: string
  registrant_phone: string
  registrant_address1: string
  registrant_city: string
  registrant_state: string
  registrant_zip: string
  registrant_country: string
  registrant_organization: string
  use_same_contact_for_all: boolean
  nameservers?: string[] | undefined
}

async function insertOrder(
  tx: Executor,
  userId: number,
  kind: DomainOrderType,
  details: DomainOrderDetails,
  amountMinor: number,
) {
  const verb = kind === 'domain_registration' ? 'registration' : 'renewal'
  return repo.insertOrder(tx, {
    userId,
    kind,
    description: `Domain ${verb}: ${details.domain_name} (${details.years} ${details.years === 1 ? 'year' : 'years'})`,
    amountMinor,
    idempotencyKey: randomUUID(),
    details: { ...details },
  })
}

/** Before a registration order is paid (checkout or wallet): its name must be held for it. */
export async function checkNameHeld(tx: Executor, order: OrderRow): Promise<void> {
  const name = readDetails(order).domain_name
  if (name && !(await repo.holdDomainName(tx, name, order.id, order.userId)))
    throw conflict(domainMessages.nameHeld, { domain_name: [domainMessages.nameHeld] })
}

/**
 * POST register/: checks the name at the registrar and creates a pending order with the domain as
 * `pending`. Nothing is registered until the payment is confirmed (the fulfiller below does it).
 */
export async function registerDomain({ db, registrar }: Deps, caller: Caller, body: RegistrationBody) {
  const domainName = body.domain_name
  if (!isOfferedDomainName(domainName))
    throw badRequest(domainMessages.invalidName, { domain_name: [domainMessages.invalidName] })
  const custom = (body.nameservers ?? []).filter((n) => n.trim() !== '')
  const nameservers = custom.length > 0 ? readNameservers(custom) : []
  const [quote] = await registrar
    .checkAvailability([domainName])
    .catch((e: unknown) => registrarFailure(e, domainMessages.orderFailed))
  if (!quote?.purchasable)
    throw conflict(domainMessages.unavailable, { domain_name: [domainMessages.unavailable] })
  const firstYear = quote.purchasePrice ?? FALLBACK_PRICE
  const perYear = quote.renewalPrice ?? firstYear
  const price = domainPrice(firstYear, perYear, body.years, body.whois_privacy)
  const contact: DomainContact = {
    first_name: body.registrant_first_name,
    last_name: body.registrant_last_name,
    email: body.registrant_email,
    phone: body.registrant_phone,
    address1: body.registrant_address1,
    city: body.registrant_city,
    state: body.registrant_state,
    zip: body.registrant_zip,
    country: body.registrant_country,
    organization: body.registrant_organization,
  }
  const order = await db.transaction(async (tx) => {
    const values = {
      whoisPrivacy: body.whois_privacy,
      autoRenew: body.auto_renew,
      nameservers,
      contact,
      purchasePriceMinor: toMinorUnits(firstYear),
      renewalPriceMinor: toMinorUnits(perYear),
      premium: quote.premium,
      updatedAt: new Date(),
    }
    // A second order for a name the client has not paid for yet reuses its pending domain.
    const domainId = await repo.storePendingDomain(tx, caller.userId, domainName, values)
    const order = await insertOrder(
      tx,
      caller.userId,
      'domain_registration',
      {
        domain_id: domainId,
        domain_name: domainName,
        years: body.years,
        whois_privacy: body.whois_privacy,
        base_price_minor: toMinorUnits(price.base),
        privacy_price_minor: toMinorUnits(price.privacy),
        purchase_price: quote.premium ? firstYear : null,
      },
      toMinorUnits(price.total),
    )
    // Rolls the order back when another client's pending order holds the name.
    if (!(await repo.holdDomainName(tx, domainName, order.id, caller.userId)))
      throw conflict(domainMessages.nameHeld, { domain_name: [domainMessages.nameHeld] })
    return order
  })
  return { order: toDomainOrder(order) }
}

/** POST {id}/renew/: a pending renewal order at the domain's renewal price; paid, it extends the expiry. */
export async function renewDomain(
  deps: Deps,
  caller: Caller,
  domainId: number,
  body: { domain_id?: number | undefined; years: number },
) {
  if (body.domain_id !== undefined && body.domain_id !== domainId)
    throw badRequest('domain_id does not match the domain in the path.', {
      domain_id: ['Does not match the path.'],
    })
  const domain = await ownDomain(deps.db, caller, domainId)
  if (domain.status !== 'active' && domain.status !== 'expired') throw conflict(domainMessages.notActive)
  const perYear = domain.renewalPriceMinor > 0 ? fromMinorUnits(domain.renewalPriceMinor) : FALLBACK_PRICE
  const price = domainPrice(perYear, perYear, body.years, domain.whoisPrivacy)
  const order = await insertOrder(
    deps.db,
    caller.userId,
    'domain_renewal',
    {
      domain_id: domain.id,
      domain_name: domain.domainName,
      years: body.years,
      whois_privacy: domain.whoisPrivacy,
      base_price_minor: toMinorUnits(price.base),
      privacy_price_minor: toMinorUnits(price.privacy),
      purchase_price: null,
    },
    toMinorUnits(price.total),
  )
  return { order: toDomainOrder(order) }
}

export async function listOrders(
  db: Database,
  caller: Caller,
  query: { status?: string | undefined; order_type?: DomainOrderType | undefined; page: number },
) {
  const kinds = query.order_type ? [query.order_type] : ORDER_TYPES
  const window = pageWindow(query.page, DOMAIN_ORDERS_PAGE_SIZE)
  const { rows, count } = await repo.listDomainOrders(
    db,
    caller.userId,
    kinds,
    query.status as OrderStatus | undefined,
    window,
  )
  return {
    page: query.page,
    pageSize: DOMAIN_ORDERS_PAGE_SIZE,
    count,
    results: rows.map(toDomainOrder),
  }
}

/** The caller's domain order; any other order (another client's, or not a domain order) is 404. */
export async function ownOrder(db: Database, caller: Caller, orderId: number) {
  const row = await repo.findOwnOrder(db, caller.userId, orderId, ORDER_TYPES)
  if (!row) throw notFound('Order not found')
  return row
}

export async function orderDetails(db: Database, caller: Caller, orderId: number) {
  return toDomainOrder(await ownOrder(db, caller, orderId))
}

/**
 * POST process-order/{id}/: what the wizard calls after paying. The domain is registered by the
 * fulfiller once the gateway's notification confirms the payment, never because a browser asked; this
 * answers where the order stands (paid, fulfilled) and the domain as it is now.
 */
export async function processOrder(db: Database, caller: Caller, orderId: number) {
  const order = await ownOrder(db, caller, orderId)
  const details = readDetails(order)
  const domain = await repo.findDomain(db, caller.userId, details.domain_id)
  return {
    order: toDomainOrder(order),
    paid: order.status === 'paid',
    fulfilled: order.fulfilmentStatus === 'done',
    domain_id: domain?.id ?? null,
    domain_status: domain?.status ?? null,
  }
}

function addYears(date: Date, years: number) {
  const next = new Date(date)
  next.setUTCFullYear(next.getUTCFullYear() + years)
  return next
}

/**
 * A registration order cancelled by its client: its pending domain is cancelled too, freeing the name,
 * unless another unpaid order of the client still registers it (a second order reuses the pending domain).
 * A payment the gateway confirms afterwards still registers it (the fulfiller makes it active).
 */
export async function releaseCancelledRegistration(tx: Executor, order: OrderRow): Promise<void> {
  if (order.kind !== 'domain_registration') return
  const domainId = readDetails(order).domain_id
  if (!Number.isInteger(domainId)) return
  if (await repo.hasUnpaidRegistration(tx, order.userId, domainId)) return
  await repo.cancelPendingDomain(tx, domainId)
}

/**
 * Fulfils a paid `domain_registration`: registers the name at the registrar (the order id is the
 * idempotency key, so a retry never registers twice) and makes the domain active with its dates.
 */
export function fulfilRegistration(registrar: Registrar) {
  return async (tx: Executor, order: OrderRow) => {
    const details = readDetails(order)
    const domain = await repo.findDomainById(tx, details.domain_id)
    if (!domain) throw new Error(`domain ${details.domain_id} of order ${order.id} is gone`)
    if (domain.status === 'active') return
    if (!domain.contact) throw new Error(`domain ${domain.id} has no registrant contact`)
    const registered = await registrar.within(tx).register({
      domainName: domain.domainName,
      years: details.years,
      privacy: details.whois_privacy,
      autoRenew: domain.autoRenew,
      nameservers: domain.nameservers,
      contact: toRegistrarContact(domain.contact),
      purchasePrice: details.purchase_price,
      idempotencyKey: `order-${order.id}`,
    })
    await repo.updateDomain(tx, domain.id, {
      status: 'active',
      registrationDate: registered.createDate,
      expiryDate: registered.expireDate,
      locked: registered.locked,
      nameservers: registered.nameservers.length > 0 ? registered.nameservers : domain.nameservers,
      lastReminderDays: null,
    })
  }
}

/** Fulfils a paid `domain_renewal`: renews at the registrar (keyed by the order) and extends the expiry. */
export function fulfilRenewal(registrar: Registrar) {
  return async (tx: Executor, order: OrderRow) => {
    const details = readDetails(order)
    const domain = await repo.findDomainById(tx, details.domain_id)
    if (!domain) throw new Error(`domain ${details.domain_id} of order ${order.id} is gone`)
    const renewed = await registrar.within(tx).renew(domain.domainName, details.years, `order-${order.id}`)
    const expiry =
      renewed.expireDate > (domain.expiryDate ?? new Date(0))
        ? renewed.expireDate
        : addYears(domain.expiryDate ?? new Date(), details.years)
    await repo.updateDomain(tx, domain.id, { status: 'active', expiryDate: expiry, lastReminderDays: null })
  }
}
