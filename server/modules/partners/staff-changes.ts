import type {
  CreatePartnerInput,
  StaffPartner,
  StaffPartnerQuery,
  UpdatePartnerInput,
} from '@/contract/staff-content'
import type { Database, Executor } from '../../db/client'
import type { partners } from '../../db/schema'
import { auditSnapshot, recordAudit, type AuditContext } from '../../lib/audit'
import { notFound } from '../../lib/errors'
import { loadPage, type ListPage } from '../../lib/pagination'
import * as repo from './repository'

/*
 * The staff console's partners (issue 15). "Published" is `is_active`, which the public list follows.
 * Each write and its audit entry are one transaction.
 */

export function toStaffPartner(row: repo.PartnerRow): StaffPartner {
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    website: row.website,
    position: row.position,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  }
}

export async function listStaffPartners(
  db: Executor,
  query: StaffPartnerQuery,
  pageSize: number,
): Promise<ListPage<StaffPartner>> {
  const filter = { search: query.search, active: query.active, sort: query.sort }
  return loadPage(query.page, pageSize, (window) => repo.listAllPartners(db, filter, window), toStaffPartner)
}

export async function staffPartner(db: Executor, id: number): Promise<StaffPartner> {
  const row = await repo.findPartnerById(db, id)
  if (!row) throw notFound()
  return toStaffPartner(row)
}

function partnerValues(input: UpdatePartnerInput): Partial<typeof partners.$inferInsert> {
  const values: Partial<typeof partners.$inferInsert> = {}
  if (input.name !== undefined) values.name = input.name
  if (input.image !== undefined) values.image = input.image || null
  if (input.website !== undefined) values.website = input.website || null
  if (input.position !== undefined) values.position = input.position
  return values
}

/** A new partner, not yet on /partners: publishing is its own step. */
export async function createStaffPartner(
  db: Database,
  input: CreatePartnerInput,
  audit: AuditContext,
): Promise<StaffPartner> {
  const id = await db.transaction(async (tx) => {
    const row = await repo.insertPartner(tx, { ...partnerValues(input), name: input.name, isActive: false })
    await recordAudit(tx, audit, {
      action: 'partner.create',
      entityType: 'partner',
      entityId: row.id,
      summary: `Partner "${row.name}" created (not published)`,
      before: null,
      after: auditSnapshot(row),
    })
    return row.id
  })
  return staffPartner(db, id)
}

export async function updateStaffPartner(
  db: Database,
  id: number,
  input: UpdatePartnerInput,
  audit: AuditContext,
): Promise<StaffPartner> {
  await db.transaction(async (tx) => {
    const current = await repo.findPartnerById(tx, id)
    if (!current) throw notFound()
    const row = await repo.updatePartner(tx, id, partnerValues(input))
    await recordAudit(tx, audit, {
      action: 'partner.update',
      entityType: 'partner',
      entityId: id,
      summary: `Partner "${row?.name ?? current.name}" changed`,
      before: auditSnapshot(current),
      after: auditSnapshot(row),
    })
  })
  return staffPartner(db, id)
}

export async function setPartnerPublished(
  db: Database,
  id: number,
  published: boolean,
  audit: AuditContext,
): Promise<StaffPartner> {
  await db.transaction(async (tx) => {
    const current = await repo.findPartnerById(tx, id)
    if (!current) throw notFound()
    await repo.updatePartner(tx, id, { isActive: published })
    await recordAudit(tx, audit, {
      action: published ? 'partner.publish' : 'partner.unpublish',
      entityType: 'partner',
      entityId: id,
      summary: `Partner "${current.name}" ${published ? 'published' : 'unpublished'}`,
      before: { is_active: current.isActive },
      after: { is_active: published },
    })
  })
  return staffPartner(db, id)
}
