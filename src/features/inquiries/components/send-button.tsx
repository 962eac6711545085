import { Button } from '@mantine/core'
import { IconSend } from '@tabler/icons-react'

/** The submit button of the contact and franchise forms: a send icon, a spinner while sending. */
export function SendButton({ busy, children }: { busy: boolean; children: string }) {
  return (
    <Button
      type="submit"
      size="md"
      loading={busy}
      leftSection={<IconSend size={18} aria-hidden />}
      style={{ alignSelf: 'flex-start' }}
    >
      {children}
    </Button>
  )
}
