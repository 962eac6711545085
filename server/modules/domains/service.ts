import {
  domainMessages,
  FALLBACK_PRICE,
  isHostName,
  MAX_NAMESERVERS,
  MIN_NAMESERVERS,
  type Domain,
  type DomainContact,
  type DomainStatus,
} from '@/contract/domains'
import { fromMinorUnits } from '@/contract/common'
import { RegistrarError, type Registrar, type RegistrarContact } from '../../adapters/registrar'
import type { Database } from '../../db/client'
import { ApiError, badRequest, conflict, notFound } from '../../lib/errors'
import { loadPage } from '../../lib/pagination'
import type { Caller } from '../../plugins/auth'
import * as repo from './repository'
import type { DomainRow } from './repository'
import { answerChangesAt } from '../../lib/data-versions'

/** The Domains tab filters and searches on the server; one page holds a client's domains. */
export const DOMAINS_PAGE_SIZE = 100

export function domainStatus(row: DomainRow, now = new Date()): DomainStatus {
  // A kept answer goes stale when an active domain expires.
  if (row.status === 'active' && row.expiryDate && row.expiryDate >= now) answerChangesAt(row.expiryDate)
  if (row.status === 'active' && row.expiryDate && row.expiryDate < now) return 'expired'
  return row.status
}

export function toDomain(row: DomainRow): Domain {
  return {
    id: row.id,
    domain_name: row.domainName,
    status: domainStatus(row),
    locked: row.locked,
    whois_privacy: row.whoisPrivacy,
    auto_renew: row.autoRenew,
    registration_date: row.registrationDate?.toISOString() ?? null,
    expiry_date: row.expiryDate?.toISOString() ?? null,
    nameservers: row.nameservers,
    contact: row.contact ?? null,
    renewal_price: row.renewalPriceMinor > 0 ? fromMinorUnits(row.renewalPriceMinor) : FALLBACK_PRICE,
  }
}

export function toRegistrarContact(contact: DomainContact): RegistrarContact {
  return {
    firstName: contact.first_name,
    lastName: contact.last_name,
    email: contact.email,
    phone: contact.phone,
    address1: contact.address1,
    city: contact.city,
    state: contact.state,
    zip: contact.zip,
    country: contact.country,
    organization: contact.organization,
  }
}

/** A registrar refusal is the client's problem to fix (409 with its reason); a failure to reach it is 502. */
export function registrarFailure(error: unknown, fallback: string): never {
  if (error instanceof RegistrarError) {
    if (error.status !== null && error.status >= 400 && error.status < 500) throw conflict(error.message)
    throw new ApiError(502, fallback)
  }
  throw error
}

export async function listDomains(
  db: Database,
  caller: Caller,
  query: { status?: DomainStatus | undefined; search?: string | undefined; page: number },
) {
  const filter = { status: query.status, search: query.search?.trim() || undefined }
  return loadPage(
    query.page,
    DOMAINS_PAGE_SIZE,
    (window) => repo.listDomains(db, caller.userId, filter, window),
    toDomain,
  )
}

/** The caller's domain, or 404 (also for another client's). */
export async function ownDomain(db: Database, caller: Caller, domainId: number): Promise<DomainRow> {
  const row = await repo.findDomain(db, caller.userId, domainId)
  if (!row) throw notFound(domainMessages.notFound)
  return row
}

/** Changes at the registrar need a name it holds: active or expired (still in its grace period). */
export function requireRegistered(row: DomainRow): void {
  if (row.status !== 'active' && row.status !== 'expired') throw conflict(domainMessages.notActive)
}

export async function domainDetails(db: Database, caller: Caller, domainId: number) {
  return toDomain(await ownDomain(db, caller, domainId))
}

interface Deps {
  db: Database
  registrar: Registrar
}

export async function toggleAutoRenew({ db, registrar }: Deps, caller: Caller, domainId: number) {
  const row = await ownDomain(db, caller, domainId)
  requireRegistered(row)
  const autoRenew = !row.autoRenew
  await registrar
    .setAutoRenew(row.domainName, autoRenew)
    .catch((e: unknown) => registrarFailure(e, domainMessages.autoRenewFailed))
  return toDomain((await repo.updateDomain(db, row.id, { autoRenew })) ?? row)
}

export async function setLock({ db, registrar }: Deps, caller: Caller, domainId: number, locked: boolean) {
  const row = await ownDomain(db, caller, domainId)
  requireRegistered(row)
  if (row.locked !== locked) {
    await registrar
      .setLock(row.domainName, locked)
      .catch((e: unknown) => registrarFailure(e, domainMessages.lockFailed))
  }
  return toDomain((await repo.updateDomain(db, row.id, { locked })) ?? row)
}

export async function authCode({ db, registrar }: Deps, caller: Caller, domainId: number) {
  const row = await ownDomain(db, caller, domainId)
  requireRegistered(row)
  // Checked here too, so the answer does not depend on the registrar's wording.
  if (row.locked) throw conflict(domainMessages.lockedNoAuthCode)
  const code = await registrar
    .getAuthCode(row.domainName)
    .catch((e: unknown) => registrarFailure(e, domainMessages.authCodeFailed))
  return { auth_code: code }
}

/** Blank entries are dropped; at least 2 and every one a host name. */
export function readNameservers(entries: string[]): string[] {
  const nameservers = entries.map((e) => e.trim().toLowerCase().replace(/\.$/, '')).filter(Boolean)
  if (nameservers.length < MIN_NAMESERVERS)
    throw badRequest(domainMessages.tooFewNameservers, { nameservers: [domainMessages.tooFewNameservers] })
  if (nameservers.length > MAX_NAMESERVERS)
    throw badRequest(`At most ${MAX_NAMESERVERS} nameservers.`, {
      nameservers: [`At most ${MAX_NAMESERVERS} nameservers.`],
    })
  const bad = nameservers.filter((n) => !isHostName(n))
  if (bad.length > 0)
    throw badRequest(domainMessages.invalidNameserver, {
      nameservers: bad.map((n) => `${n}: ${domainMessages.invalidNameserver}`),
    })
  if (new Set(nameservers).size !== nameservers.length)
    throw badRequest('Each nameserver may be listed once.', {
      nameservers: ['Each nameserver may be listed once.'],
    })
  return nameservers
}

export async function updateNameservers(
  { db, registrar }: Deps,
  caller: Caller,
  domainId: number,
  entries: string[],
) {
  const row = await ownDomain(db, caller, domainId)
  const nameservers = readNameservers(entries)
  requireRegistered(row)
  await registrar
    .setNameservers(row.domainName, nameservers)
    .catch((e: unknown) => registrarFailure(e, domainMessages.nameserversFailed))
  return toDomain((await repo.updateDomain(db, row.id, { nameservers })) ?? row)
}

export async function updateContact(
  { db, registrar }: Deps,
  caller: Caller,
  domainId: number,
  contact: DomainContact,
) {
  const row = await ownDomain(db, caller, domainId)
  requireRegistered(row)
  await registrar
    .setContacts(row.domainName, toRegistrarContact(contact))
    .catch((e: unknown) => registrarFailure(e, 'Failed to update contacts'))
  return toDomain((await repo.updateDomain(db, row.id, { contact })) ?? row)
}
