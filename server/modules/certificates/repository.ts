import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { firstRow, listPage, updateRows } from '../../db/rows'
import { certificates } from '../../db/schema'
import type { PageWindow } from '../../lib/pagination'
import { searchIn } from '../../lib/search'

export type CertificateRow = typeof certificates.$inferSelect
export type NewCertificate = typeof certificates.$inferInsert

/** Inserts a certificate; undefined when its serial is taken (the caller draws another). */
export async function insertCertificate(db: Executor, values: NewCertificate) {
  const [row] = await db
    .insert(certificates)
    .values(values)
    .onConflictDoNothing({ target: certificates.serialNumber })
    .returning()
  return row
}

export async function findBySerial(db: Executor, serial: string) {
  return firstRow(db, certificates, eq(certificates.serialNumber, serial))
}

export interface CertificateFilter {
  search?: string | undefined
  revoked?: boolean | undefined
}

function filterConditions({ search, revoked }: CertificateFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = []
  conditions.push(
    searchIn(search, [
      certificates.serialNumber,
      certificates.recipientName,
      certificates.recipientEmail,
      certificates.courseName,
    ]),
  )
  if (revoked !== undefined)
    conditions.push(revoked ? isNotNull(certificates.revokedAt) : isNull(certificates.revokedAt))
  return and(...conditions)
}

/** Newest first. */
export async function listCertificates(db: Executor, filter: CertificateFilter, window: PageWindow) {
  const where = filterConditions(filter)
  return listPage(db, db.select().from(certificates).$dynamic(), {
    where,
    orderBy: [desc(certificates.createdAt), desc(certificates.id)],
    window,
  })
}

/** Revokes once; undefined when the certificate was already revoked. */
export async function revoke(db: Executor, id: number, by: number, reason: string) {
  return updateRows(db, certificates, and(eq(certificates.id, id), isNull(certificates.revokedAt)), {
    status: 'revoked',
    revokedAt: sql`now()`,
    revokedBy: by,
    revocationReason: reason,
  })
}
