import { sql } from 'drizzle-orm'
import { date, index, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, timestamptz, timestamptzNow, optionalRef } from './columns'
import type { CertificateType } from '@/contract/certificates'
import { users } from './accounts'

export interface CertificateMetadata {
  duration_hours?: number | null
  instructor?: string | null
  location?: string | null
}

/**
 * Training certificates issued by staff. `signature` is the server's Ed25519 signature over the signed
 * fields (contract SIGNED_FIELDS); a row edited afterwards no longer matches it.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: id(),
    serialNumber: text().notNull(),
    recipientName: text().notNull(),
    recipientEmail: text().notNull(),
    courseName: text().notNull(),
    courseDescription: text().notNull().default(''),
    certificateType: text().$type<CertificateType>().notNull(),
    grade: text().notNull().default(''),
    credits: numeric({ precision: 7, scale: 2, mode: 'number' }),
    skills: jsonb().$type<string[]>().notNull().default([]),
    completionDate: date().notNull(),
    issueDate: date().notNull(),
    expiryDate: date(),
    metadata: jsonb().$type<CertificateMetadata>().notNull().default({}),
    issuerName: text().notNull(),
    issuerTitle: text().notNull(),
    organizationName: text().notNull(),
    organizationLogoUrl: text(),
    organizationWebsite: text(),
    status: text({ enum: ['valid', 'pending', 'revoked'] })
      .notNull()
      .default('valid'),
    signature: text().notNull(),
    signingKeyId: text().notNull(),
    createdBy: optionalRef(() => users.id),
    createdAt: timestamptzNow(),
    revokedAt: timestamptz(),
    revokedBy: optionalRef(() => users.id),
    revocationReason: text(),
  },
  (t) => [
    uniqueIndex('certificates_serial_idx').on(t.serialNumber),
    index('certificates_created_idx').on(t.createdAt),
    index('certificates_recipient_idx').on(sql`lower(${t.recipientEmail})`),
  ],
)
