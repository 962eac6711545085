import type { RecoveryMethod } from '@/contract/recovery'

/** Spec §2.9: what /forgot-password hands to /otp-verification, in the navigation state (not the URL). */
export interface OtpState {
  context: 'forgot-password'
  email: string
  method: RecoveryMethod
  /** When the current code was sent (ms since epoch): the countdown survives a reload. */
  sentAt: number
}

/** What /otp-verification hands to /reset-password once the code checked out. */
export interface ResetState {
  email: string
  verified: true
  resetToken: string
}

declare module '@tanstack/history' {
  interface HistoryState {
    otp?: OtpState
    reset?: ResetState
  }
}
