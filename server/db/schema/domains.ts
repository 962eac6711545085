import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
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
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    domainName: text().notNull(),
    status: text({ enum: DOMAIN_STATUSES }).notNull().default('pending'),
    locked: boolean().notNull().default(true),
    whoisPrivacy: boolean().notNull().default(true),
    autoRenew: boolean().notNull().default(false),
    registrationDate: timestamp({ withTimezone: true }),
    expiryDate: timestamp({ withTimezone: true }),
    nameservers: jsonb().$type<string[]>().notNull().default([]),
    /** The registrant; admin, tech and billing are the same contact. */
    contact: jsonb().$type<DomainContact>(),
    /** Per-year prices in USD cents, as quoted when ordered. */
    purchasePriceMinor: integer().notNull(),
    renewalPriceMinor: integer().notNull(),
    premium: boolean().notNull().default(false),
    /** The last expiry reminder sent (60, 30 or 7 days left), so each goes out once per term. */
    lastReminderDays: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
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
  orderId: integer()
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

export const dnsRecords = pgTable(
  'dns_records',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    domainId: integer()
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    type: text({ enum: DNS_RECORD_TYPES }).notNull(),
    host: text().notNull(),
    value: text().notNull(),
    ttl: integer().notNull(),
    priority: integer(),
    /** The registrar's id for the record. */
    registrarRecordId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dns_records_domain_idx').on(t.domainId)],
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
  createDate: timestamp({ withTimezone: true }).notNull(),
  expireDate: timestamp({ withTimezone: true }).notNull(),
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
