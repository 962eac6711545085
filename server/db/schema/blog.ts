import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { POST_STATUSES } from '@/contract/blog'

export const blogCategories = pgTable('blog_categories', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** Authors are content, not accounts: they never sign in. */
export const blogAuthors = pgTable('blog_authors', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  firstName: text().notNull(),
  lastName: text().notNull(),
  email: text().notNull(),
  avatar: text(),
  bio: text().notNull().default(''),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: text().notNull().unique(),
    title: text().notNull(),
    excerpt: text().notNull().default(''),
    /** Sanitized HTML (server/lib/article-html.ts) — never stored raw. */
    content: text().notNull(),
    featuredImage: text(),
    categoryId: integer().references(() => blogCategories.id, { onDelete: 'set null' }),
    authorId: integer().references(() => blogAuthors.id, { onDelete: 'set null' }),
    /** Minutes; null shows the 5-minute default. */
    readTime: integer(),
    status: text({ enum: POST_STATUSES }).notNull().default('draft'),
    isFeatured: boolean().notNull().default(false),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    views: integer().notNull().default(0),
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('blog_posts_published_idx').on(t.status, t.publishedAt),
    index('blog_posts_category_idx').on(t.categoryId),
  ],
)
