import { QueryClient } from '@tanstack/react-query'
import { ApiError } from '@/lib/api-client'

declare module '@tanstack/react-query' {
  interface Register {
    /** `persist: true` marks portal data kept in IndexedDB for offline reading (ARCHITECTURE §7). */
    queryMeta: {
      persist?: boolean
      /**
       * What of the data goes to disk, when not all of it may (a secret masked): the copy in memory
       * keeps everything, the persisted one is `persistAs(data)`.
       */
      persistAs?: (data: unknown) => unknown
    }
    defaultError: Error
  }
}

const WEEK = 7 * 24 * 60 * 60 * 1000

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Kept at least as long as the persisted copy may live, so a restored entry is not collected.
        gcTime: WEEK,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  })
}

export const queryClient = createQueryClient()
export const PERSIST_MAX_AGE = WEEK
