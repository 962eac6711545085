import { useMutation } from '@tanstack/react-query'
import { certificateMessages, certificateSchema, normaliseSerial } from '@/contract/certificates'
import { ApiError, apiRequest } from '@/lib/api-client'

export function verifyCertificate(serial: string) {
  return apiRequest('/api/public/certificates/verify/', {
    method: 'POST',
    json: { serial_number: normaliseSerial(serial) },
    schema: certificateSchema,
  })
}

/** Spec §8: a 404 reads 'Certificate not found'; other failures the server's text or the HTTP status. */
export function isCertificateNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}

export function verifyErrorMessage(error: unknown): string {
  if (isCertificateNotFound(error)) return certificateMessages.notFound
  return error instanceof Error ? error.message : certificateMessages.notFound
}

/** A lookup, but a POST by the spec: a mutation, run on submit and when the route carries a serial. */
export function useVerifyCertificate() {
  return useMutation({ mutationFn: verifyCertificate })
}
