import { useMutation } from '@tanstack/react-query'
import {
  franchiseApplicationResponseSchema,
  type FranchiseApplicationValues,
} from '@/contract/franchise-applications'
import { apiRequest } from '@/lib/api-client'
import { withoutEmpty } from '../without-empty'

export function submitFranchiseApplication(values: FranchiseApplicationValues) {
  const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]))
  return apiRequest('/api/public/franchise-applications/', {
    method: 'POST',
    // The four required fields always go; the optional ones only when filled in.
    json: {
      ...withoutEmpty(trimmed),
      full_name: trimmed.full_name,
      email: trimmed.email,
      phone: trimmed.phone,
      country: trimmed.country,
    },
    schema: franchiseApplicationResponseSchema,
  })
}

export function useSubmitFranchiseApplication() {
  return useMutation({ mutationFn: submitFranchiseApplication })
}
