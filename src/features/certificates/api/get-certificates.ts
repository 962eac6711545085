import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { certificateListSchema } from '@/contract/certificates'
import { apiRequest } from '@/lib/api-client'

export interface CertificateQuery {
  search: string
  page: number
}

export function getCertificates({ search, page }: CertificateQuery) {
  return apiRequest('/api/certificates/', {
    schema: certificateListSchema,
    auth: true,
    query: { search: search.trim(), page: page > 1 ? page : undefined },
  })
}

/** Staff only; not kept offline (the staff console is an online tool). */
export const certificatesQueryOptions = (query: CertificateQuery) =>
  queryOptions({
    queryKey: ['certificates', 'list', { search: query.search.trim(), page: query.page }],
    queryFn: () => getCertificates(query),
    placeholderData: keepPreviousData,
  })

export function useCertificates(query: CertificateQuery, enabled: boolean) {
  return useQuery({ ...certificatesQueryOptions(query), enabled })
}
