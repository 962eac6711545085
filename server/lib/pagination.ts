import type { FastifyRequest } from 'fastify'
import type { Paginated } from '@/contract/common'

/** Page sizes the spec fixes (spec 000 §9). */
export const PAGE_SIZE = { projects: 20, careers: 10, blog: 20, default: 20 } as const

export function pageWindow(page: number, pageSize: number) {
  return { limit: pageSize, offset: (page - 1) * pageSize }
}

/** Wraps one page of rows as `{count, next, previous, results}` with absolute next/previous links. */
export function paginate<T>(
  request: FastifyRequest,
  publicUrl: string,
  { page, pageSize, count, results }: { page: number; pageSize: number; count: number; results: T[] },
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
