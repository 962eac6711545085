import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, timestamptz, timestamptzNow, parentId, timestamps } from './columns'
import { ownedTable } from './tables'
import { DNS_RECORD_TYPES, DOMAIN_STATUSES, type DomainContact } from '@/contract/domains'
import { users } from './accounts'
import { orders } from './payments'

/**
 * A client's domain name. A registration order creates it as `pending`; it becomes `active` (with its
 * registrar dates) only when the payment is confirmed and the registrar has registered it.
 */
export const domains = pgTable(
  'domains',
  {
    id: id(),
    userId: parentId(() => users.id),
    domainName: text().notNull(),
    status: text({ enum: DOMAIN_STATUSES }).notNull().default('pending'),
    locked: boolean().notNull().default(true),
    whoisPrivacy: boolean().notNull().default(true),
    autoRenew: boolean().notNull().default(false),
    registrationDate: timestamptz(),
    expiryDate: timestamptz(),
    nameservers: jsonb().$type<string[]>().notNull().default([]),
    /** The registrant; admin, tech and billing are the same contact. */
    contact: jsonb().$type<DomainContact>(),
    /** Per-year prices in USD cents, as quoted when ordered. */
    purchasePriceMinor: integer().notNull(),
    renewalPriceMinor: integer().notNull(),
    premium: boolean().notNull().default(false),
    /** The last expiry reminder sent (60, 30 or 7 days left), so each goes out once per term. */
    lastReminderDays: integer(),
    ...timestamps(),
  },
  (t) => [
    index('domains_user_idx').on(t.userId),
    // A name belongs to one client once it is (being) registered; cancelled orders free it again.
    uniqueIndex('domains_live_name_idx')
      .on(t.domainName)
      .where(sql`${t.status} in ('active', 'expired')`),
  ],
)

/**
 * A name held for the client whose registration order is pending: nobody else can order or pay for it
 * meanwhile. The hold lapses when its order is no longer payable (cancelled, expired, refunded).
 */
export const domainNameHolds = pgTable('domain_name_holds', {
  domainName: text().primaryKey(),
  orderId: parentId(() => orders.id),
  userId: parentId(() => users.id),
  createdAt: timestamptzNow(),
})

export const dnsRecords = ownedTable(
  'dns_records',
  { key: 'domainId', references: () => domains.id, indexName: 'domain' },
  {
    type: text({ enum: DNS_RECORD_TYPES }).notNull(),
    host: text().notNull(),
    value: text().notNull(),
    ttl: integer().notNull(),
    priority: integer(),
    /** The registrar's id for the record. */
    registrarRecordId: text().notNull(),
    createdAt: timestamptzNow(),
  },
)

export interface RegistryRecord {
  id: string
  type: string
  host: string
  answer: string
  ttl: number
  priority: number | null
}

/**
 * The sandbox registrar's registry (ARCHITECTURE §5): every name registered through it, with what a real
 * registry keeps. Names here are unavailable to everyone.
 */
export const sandboxRegistry = pgTable('sandbox_registry', {
  domainName: text().primaryKey(),
  createDate: timestamptz().notNull(),
  expireDate: timestamptz().notNull(),
  locked: boolean().notNull().default(true),
  autoRenew: boolean().notNull().default(false),
  privacy: boolean().notNull().default(true),
  nameservers: jsonb().$type<string[]>().notNull().default([]),
  contact: jsonb().$type<Record<string, string>>().notNull().default({}),
  authCode: text().notNull(),
  records: jsonb().$type<RegistryRecord[]>().notNull().default([]),
  nextRecordId: integer().notNull().default(1),
  /** Idempotency keys already applied to this name (registration and renewals). */
  appliedKeys: jsonb().$type<string[]>().notNull().default([]),
})
