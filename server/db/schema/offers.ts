import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** A time-limited price on one service. Prices are integer minor units of `currency`. */
export const offers = pgTable(
  'offers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    title: text().notNull(),
    /** A service slug of the catalogue (src/contract/services.ts). */
    serviceType: text().notNull(),
    description: text().notNull().default(''),
    priceMinor: integer().notNull(),
    originalPriceMinor: integer(),
    currency: text({ enum: ['USD', 'EGP'] })
      .notNull()
      .default('USD'),
    features: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isFeatured: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    validFrom: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Null: no end date. */
    validUntil: timestamp({ withTimezone: true }),
    position: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('offers_service_type_idx').on(t.serviceType)],
)
