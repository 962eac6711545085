import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { id, timestamptz, timestamptzNow, optionalRef, timestamps } from './columns'
import { POST_STATUSES } from '@/contract/blog'

export const blogCategories = pgTable('blog_categories', {
  id: id(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  createdAt: timestamptzNow(),
})

/** Authors are content, not accounts: they never sign in. */
export const blogAuthors = pgTable('blog_authors', {
  id: id(),
  firstName: text().notNull(),
  lastName: text().notNull(),
  email: text().notNull(),
  avatar: text(),
  bio: text().notNull().default(''),
  createdAt: timestamptzNow(),
})

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: id(),
    slug: text().notNull().unique(),
    title: text().notNull(),
    excerpt: text().notNull().default(''),
    /** Sanitized HTML (server/lib/article-html.ts) — never stored raw. */
    content: text().notNull(),
    featuredImage: text(),
    categoryId: optionalRef(() => blogCategories.id),
    authorId: optionalRef(() => blogAuthors.id),
    /** Minutes; null shows the 5-minute default. */
    readTime: integer(),
    status: text({ enum: POST_STATUSES }).notNull().default('draft'),
    isFeatured: boolean().notNull().default(false),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    views: integer().notNull().default(0),
    publishedAt: timestamptz(),
    ...timestamps(),
  },
  (t) => [
    index('blog_posts_published_idx').on(t.status, t.publishedAt),
    index('blog_posts_category_idx').on(t.categoryId),
  ],
)
