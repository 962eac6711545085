import { appMessages } from '@/contract/apps'

/** Spec 001 §9: the API key shows its first 8 characters and '...'. */
export function truncateApiKey(key: string | null | undefined): string {
  return key ? `${key.slice(0, 8)}...` : appMessages.apiKeyMissing
}
