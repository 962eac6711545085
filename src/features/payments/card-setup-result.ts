import { savedCardMessages } from '@/contract/payments'
import { toast } from '@/components/toast'

/** The sandbox's card page returns to /wallet?card=added|failed: the spec's add-card toasts (001 §8). */
export function announceCardSetup(result: 'added' | 'failed') {
  if (result === 'added') toast.success(savedCardMessages.added)
  else toast.error(savedCardMessages.addFailed)
}
