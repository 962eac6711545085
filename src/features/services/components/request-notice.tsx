import { Alert, Anchor } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { Service } from '@/contract/services'

/** How long a request notice stays on a service page before it clears (spec 000 §2). */
export const REQUEST_NOTICE_MS = { quote: 3000, otpPlan: 4000 } as const

export type RequestNotice = { kind: 'quote' } | { kind: 'otpPlan'; plan: string | null }

/** Shows a request notice and clears it after 3 s (quote) or 4 s (OTP plan), as spec 000 §2 says. */
export function useRequestNotice() {
  const [notice, setNotice] = useState<RequestNotice | null>(null)
  useEffect(() => {
    if (!notice) return
    const timer = window.setTimeout(() => setNotice(null), REQUEST_NOTICE_MS[notice.kind])
    return () => window.clearTimeout(timer)
  }, [notice])
  return [notice, (next: RequestNotice) => setNotice({ ...next })] as const
}

export function NoticeBanner({ notice, service }: { notice: RequestNotice; service: Service }) {
  if (notice.kind === 'quote') {
    return (
      <Alert
        color="signal"
        variant="outline"
        bg="dark.7"
        role="status"
        style={{ boxShadow: '0 12px 32px rgba(0,0,0,.45)' }}
        title={`Quote request: ${service.title}`}
      >
        Send us your project brief and we will reply with a quote within 48 hours.{' '}
        <Anchor component={Link} to="/start-project" fw={700}>
          Start your brief
        </Anchor>
      </Alert>
    )
  }
  const subject = `${service.title}${notice.plan ? ` ${notice.plan} plan` : ''} request`
  return (
    <Alert
      color="signal"
      variant="outline"
      bg="dark.7"
      role="status"
      style={{ boxShadow: '0 12px 32px rgba(0,0,0,.45)' }}
      title={`OTP plan request: ${notice.plan ?? service.title}`}
    >
      Tell us your expected volume and we will set up your {service.title} plan within 24 hours.{' '}
      <Anchor
        renderRoot={(props) => <Link to="/contact" search={{ type: 'Quote', subject }} {...props} />}
        fw={700}
      >
        Send the request
      </Anchor>
    </Alert>
  )
}
