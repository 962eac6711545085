import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { id, timestamptz, timestamptzNow, timestamps } from './columns'

/** A time-limited price on one service. Prices are integer minor units of `currency`. */
export const offers = pgTable(
  'offers',
  {
    id: id(),
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
    validFrom: timestamptzNow(),
    /** Null: no end date. */
    validUntil: timestamptz(),
    position: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('offers_service_type_idx').on(t.serviceType)],
)
