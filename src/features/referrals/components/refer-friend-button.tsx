import { Button } from '@mantine/core'
import { IconGift } from '@tabler/icons-react'
import { useState } from 'react'
import { ReferralDialog } from './referral-dialog'

/** The dashboard's 'Refer a Friend' button (spec 001 §2) and the dialog it opens. */
export function ReferFriendButton() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="light" leftSection={<IconGift size={16} aria-hidden />} onClick={() => setOpen(true)}>
        Refer a Friend
      </Button>
      <ReferralDialog opened={open} onClose={() => setOpen(false)} />
    </>
  )
}
