import type { FastifyRequest } from 'fastify'
import { BLOG_PAGE_SIZE } from '@/contract/blog'
import { JOBS_PAGE_SIZE } from '@/contract/careers'
import type { Paginated } from '@/contract/common'
import { PROJECTS_PAGE_SIZE } from '@/contract/projects'

/** Page sizes the spec fixes (spec 000 §9), declared in the contract so the renderer counts pages alike. */
export const PAGE_SIZE = {
  projects: PROJECTS_PAGE_SIZE,
  careers: JOBS_PAGE_SIZE,
  blog: BLOG_PAGE_SIZE,
  default: 20,
} as const

/** The rows of one page, as a repository's list query takes them. */
export interface PageWindow {
  limit: number
  offset: number
}

export function pageWindow(page: number, pageSize: number): PageWindow {
  return { limit: pageSize, offset: (page - 1) * pageSize }
}

/** One page of a list as a service answers it; `paginate` turns it into the response body. */
export interface ListPage<T> {
  page: number
  pageSize: number
  count: number
  results: T[]
}

/** Loads page `page` of `pageSize` rows through `load` and maps each row to what the API answers. */
export async function loadPage<Row, T>(
  page: number,
  pageSize: number,
  load: (window: PageWindow) => Promise<{ count: number; rows: Row[] }>,
  toResult: (row: Row) => T,
): Promise<ListPage<T>> {
  const { count, rows } = await load(pageWindow(page, pageSize))
  return { page, pageSize, count, results: rows.map(toResult) }
}

/** Wraps one page of rows as `{count, next, previous, results}` with absolute next/previous links. */
export function paginate<T>(
  request: FastifyRequest,
  publicUrl: string,
  { page, pageSize, count, results }: ListPage<T>,
): Paginated<T> {
  const url = new URL(request.url, publicUrl)
  const link = (target: number) => {
    const next = new URL(url)
    next.searchParams.set('page', String(target))
    return `${publicUrl}${next.pathname}${next.search}`
  }
  const lastPage = Math.max(1, Math.ceil(count / pageSize))
  return {
    count,
    next: page < lastPage ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results,
  }
}
