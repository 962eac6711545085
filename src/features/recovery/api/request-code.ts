import { useMutation } from '@tanstack/react-query'
import { requestCodeResponseSchema, type RequestCodeRequest } from '@/contract/recovery'
import { ApiError, apiRequest } from '@/lib/api-client'

export function requestCode(input: RequestCodeRequest) {
  return apiRequest('/api/public/recovery/request-code/', {
    method: 'POST',
    json: input,
    schema: requestCodeResponseSchema,
  })
}

/** A refusal the visitor can act on (wait before resending, too many codes) keeps the server's words. */
export function requestCodeError(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status === 429 ? error.message : fallback
}

export function useRequestCode() {
  return useMutation({ mutationFn: requestCode })
}
