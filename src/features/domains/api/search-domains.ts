import { useMutation } from '@tanstack/react-query'
import { searchResultSchema } from '@/contract/domains'
import { apiRequest } from '@/lib/api-client'

/** Public: no token (spec 002 §2.3). */
export function searchDomains(input: { keyword: string; tlds: string[] }) {
  return apiRequest('/api/domains/domains/search/', {
    method: 'POST',
    json: input,
    schema: searchResultSchema,
  })
}

export function useSearchDomains() {
  return useMutation({ mutationFn: searchDomains })
}
