import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { staticPageMeta } from '@/contract/page-meta'
import { routeTree } from '@/routeTree.gen'

describe('page titles', () => {
  it('gives every page without parameters its own title, outside the staff console (which titles its own)', () => {
    const router = createRouter({ routeTree, context: { queryClient: new QueryClient() } })
    const paths = [
      ...new Set(Object.keys(router.routesByPath).map((path) => path.replace(/(.)\/$/, '$1'))),
    ].filter(
      (path) =>
        !path.includes('$') &&
        !path.startsWith('/staff') &&
        // Only a redirect to /payment/success/{id}.
        path !== '/payment-success' &&
        // Titled by their page from what they show (the domain, the order's state).
        !['/domain-register', '/payment/success'].includes(path),
    )
    expect(paths.length).toBeGreaterThan(25)
    expect(paths.filter((path) => !staticPageMeta[path])).toEqual([])
  })
})
