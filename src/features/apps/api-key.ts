import { API_KEY_VISIBLE, appMessages, type AppDetails } from '@/contract/apps'

/** Spec 001 §9: the API key shows its first 8 characters and '...'. */
export function truncateApiKey(key: string | null | undefined): string {
  return key ? `${key.slice(0, API_KEY_VISIBLE)}...` : appMessages.apiKeyMissing
}

/** What stands for the hidden part of a key, on screen and in the offline copy (no key holds it). */
export const API_KEY_MASK = '•'.repeat(16)

export function maskApiKey(key: string): string {
  return isMaskedApiKey(key) ? key : `${key.slice(0, API_KEY_VISIBLE)}${API_KEY_MASK}`
}

/** A key read from the offline copy: only its visible start is there, the rest is fetched when shown. */
export function isMaskedApiKey(key: string): boolean {
  return key.endsWith(API_KEY_MASK)
}

/**
 * The app's details as they go to the offline copy (IndexedDB): the live key masked, never in clear.
 * The test key stays (it sends and spends nothing, and the offline quick start shows it).
 */
export function appDetailsForDisk(data: unknown): unknown {
  const details = data as Partial<AppDetails> | null
  if (!details || typeof details.api_key !== 'string') return data
  return { ...details, api_key: maskApiKey(details.api_key) }
}
