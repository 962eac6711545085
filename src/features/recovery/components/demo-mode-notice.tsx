import { Alert, Anchor, Text } from '@mantine/core'
import { IconFlask } from '@tabler/icons-react'
import type { RecoveryMethod } from '@/contract/recovery'
import { useDelivery } from '../api/get-delivery'

/**
 * Spec §2.9's 'Demo Mode' notice, shown only when the code went to a sandbox (nothing is really sent),
 * with the way to read it: the sandbox outbox, which this server shows on its own computer only.
 */
export function DemoModeNotice({ method }: { method: RecoveryMethod }) {
  const delivery = useDelivery()
  if (!delivery.data) return null
  const { email, sms, outbox_url: outbox } = delivery.data
  // Without a usable phone number the code is e-mailed, so the mail sandbox matters for both methods.
  const sandboxed = method === 'sms' ? sms.sandbox || email.sandbox : email.sandbox
  if (!sandboxed) return null
  return (
    <Alert color="yellow" variant="light" icon={<IconFlask aria-hidden />} title="Demo Mode">
      <Text size="sm">
        This server runs its {method === 'sms' ? 'SMS and e-mail' : 'e-mail'} delivery in sandbox mode:
        nothing leaves the server, and your code is recorded in its outbox instead.{' '}
        {outbox ? (
          <Anchor href={outbox} target="_blank" rel="noopener" c="inherit" fw={700} underline="always">
            Open the sandbox outbox
          </Anchor>
        ) : (
          'The outbox can only be read on the computer the server runs on.'
        )}
      </Text>
    </Alert>
  )
}
