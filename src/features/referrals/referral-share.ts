import { referralMessages } from '@/contract/referrals'
import { toast } from '@/components/toast'
import { copyText } from '@/lib/clipboard'

/** Spec 001 §4: referral toasts stay 4 seconds. */
export const REFERRAL_TOAST_MS = 4000

export function referralMessage(code: string, link: string): string {
  return `Join me on Cypher! Sign up with my referral code ${code} and we both earn a reward: ${link}`
}

export async function copyReferralCode(code: string): Promise<void> {
  if (await copyText(code)) toast.success(referralMessages.codeCopied, REFERRAL_TOAST_MS)
  else toast.error(COPY_REFUSED, REFERRAL_TOAST_MS)
}

export const COPY_REFUSED = 'Could not copy to the clipboard. Please copy the text yourself.'

/**
 * Shares the invitation with the system share sheet; where there is none, copies the message with the
 * spec's 'Referral message copied to clipboard!'.
 */
export async function shareReferral(code: string, link: string): Promise<void> {
  const text = referralMessage(code, link)
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: 'Join me on Cypher', text, url: link })
      return
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return
    }
  }
  if (await copyText(text)) toast.success(referralMessages.messageCopied, REFERRAL_TOAST_MS)
  else toast.error(COPY_REFUSED, REFERRAL_TOAST_MS)
}
