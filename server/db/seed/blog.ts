import type { Executor } from '../client'
import { createAuthor, createCategory, createPost } from '../../modules/blog'
import data from './data/blog.json'

/** Demo blog content (data/blog.json), written for this product. Images: scripts/make-blog-images.ts. */

export const blogCategoriesSeed = data.categories
export const blogAuthorsSeed = data.authors

export interface PostSeed {
  slug: string
  title: string
  excerpt: string
  /** A category's slug. */
  category: string
  /** An author's key. */
  author: string
  /** Minutes; omitted on some posts so the 5-minute default shows. */
  readTime?: number
  daysAgo: number
  views: number
  featured?: boolean
  draft?: boolean
  tags: string[]
  /** Paragraphs; '## ' starts a heading, an array is a bullet list, a string starting with '<' is HTML. */
  body: (string | string[])[]
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export function renderBody(body: PostSeed['body']): string {
  return body
    .map((block) => {
      if (Array.isArray(block)) return `<ul>${block.map((item) => `<li>${escape(item)}</li>`).join('')}</ul>`
      if (block.startsWith('## ')) return `<h2>${escape(block.slice(3))}</h2>`
      if (block.startsWith('<')) return block
      return `<p>${escape(block)}</p>`
    })
    .join('\n')
}

export const blogPostsSeed: PostSeed[] = data.posts

export async function seedBlog(db: Executor) {
  const categories = new Map<string, number>()
  for (const category of blogCategoriesSeed) {
    categories.set(category.slug, (await createCategory(db, category)).id)
  }
  const authors = new Map<string, number>()
  for (const { key, ...author } of blogAuthorsSeed) {
    const row = await createAuthor(db, { ...author, avatar: `/images/blog/authors/${key}.svg` })
    authors.set(key, row.id)
  }
  const now = Date.now()
  // Oldest first, so ids follow publication order like a real blog's history.
  for (const post of [...blogPostsSeed].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const published = new Date(now - post.daysAgo * 24 * 60 * 60 * 1000)
    await createPost(db, {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      content: renderBody(post.body),
      featuredImage: `/images/blog/${post.slug}.svg`,
      categoryId: categories.get(post.category) ?? null,
      authorId: authors.get(post.author) ?? null,
      readTime: post.readTime ?? null,
      status: post.draft ? 'draft' : 'published',
      isFeatured: post.featured ?? false,
      tags: post.tags,
      views: post.views,
      publishedAt: post.draft ? null : published,
      createdAt: published,
      updatedAt: published,
    })
  }
}
