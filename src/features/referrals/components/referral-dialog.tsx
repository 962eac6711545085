import { Modal, Stack, Tabs, Text } from '@mantine/core'
import { IconSend, IconUsers } from '@tabler/icons-react'
import { useState } from 'react'
import { InviteForm } from './invite-form'
import { MyReferrals } from './my-referrals'
import { ReferralCodeCard } from './referral-code-card'

/** The referral dialog (spec 001 §2): 'Invite Friends' and 'My Referrals'. */
export function ReferralDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [tab, setTab] = useState<string | null>('invite')
  return (
    <Modal opened={opened} onClose={onClose} title="Refer a Friend" size="lg">
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="invite" leftSection={<IconSend size={16} aria-hidden />}>
            Invite Friends
          </Tabs.Tab>
          <Tabs.Tab value="referrals" leftSection={<IconUsers size={16} aria-hidden />}>
            My Referrals
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="invite">
          <Stack gap="md">
            <ReferralCodeCard />
            <Text size="sm" c="dimmed">
              Or send an invitation by e-mail:
            </Text>
            <InviteForm />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="referrals">
          <MyReferrals />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  )
}
