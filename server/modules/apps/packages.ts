import type { Package, ServiceType } from '@/contract/apps'
import { checkClientPackage, type ClientPackage, type ClientPackageInput } from '@/contract/client-packages'
import { fromMinorUnits, toMinorUnits } from '@/contract/common'
import type { Database } from '../../db/client'
import type { clientPackages, messagingPackages } from '../../db/schema'
import { badRequest, notFound } from '../../lib/errors'
import type { Caller } from '../../plugins/auth'
import * as repo from './repository'

function toPackage(row: typeof messagingPackages.$inferSelect): Package {
  return {
    id: row.id,
    name: row.name,
    service_type: row.serviceType,
    price: fromMinorUnits(row.priceMinor),
    duration_months: row.durationMonths,
    limit: row.messageLimit,
    sms_scope: row.smsScope,
  }
}

/** The company's catalogue (spec 001 §3 "Package"), all types or one. */
export async function listPackages(db: Database, serviceType: ServiceType | undefined) {
  return { packages: (await repo.listPackages(db, serviceType)).map(toPackage) }
}

function toClientPackage(row: typeof clientPackages.$inferSelect): ClientPackage {
  return {
    id: row.id,
    name: row.name,
    price: fromMinorUnits(row.priceMinor),
    duration: row.duration,
    messages: row.messages,
    features: row.features,
    serviceType: row.serviceType,
    active: row.active,
  }
}

async function clientIdOf(db: Database, caller: Caller) {
  const id = await repo.findClientId(db, caller.userId)
  if (id === undefined) throw notFound()
  return id
}

function checked(input: ClientPackageInput) {
  const result = checkClientPackage(input)
  if (typeof result === 'string') throw badRequest(result)
  return result
}

export async function listClientPackages(db: Database, caller: Caller) {
  const rows = await repo.listClientPackages(db, await clientIdOf(db, caller))
  return { packages: rows.map(toClientPackage) }
}

export async function createClientPackage(db: Database, caller: Caller, input: ClientPackageInput) {
  const clientId = await clientIdOf(db, caller)
  const { price, ...rest } = checked(input)
  return toClientPackage(
    await repo.insertClientPackage(db, { clientId, ...rest, priceMinor: toMinorUnits(price) }),
  )
}

/** Edit (the whole form) or toggle (`{active}` alone). */
export async function updateClientPackage(
  db: Database,
  caller: Caller,
  id: number,
  input: ClientPackageInput,
) {
  const clientId = await clientIdOf(db, caller)
  const onlyActive = Object.keys(input).every((k) => k === 'active') && typeof input.active === 'boolean'
  let values: Partial<typeof clientPackages.$inferInsert>
  if (onlyActive) values = { active: input.active }
  else {
    const { price, ...rest } = checked(input)
    values = { ...rest, priceMinor: toMinorUnits(price) }
  }
  const row = await repo.updateClientPackage(db, clientId, id, values)
  if (!row) throw notFound()
  return toClientPackage(row)
}

export async function deleteClientPackage(db: Database, caller: Caller, id: number) {
  if (!(await repo.deleteClientPackage(db, await clientIdOf(db, caller), id))) throw notFound()
}
