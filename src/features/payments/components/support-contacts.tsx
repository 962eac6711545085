import { Anchor, Group, Text } from '@mantine/core'
import { IconMail, IconPhone } from '@tabler/icons-react'
import { site } from '@/contract/site'

/** The support e-mail (and phone, on the failure page) under a payment result (spec 002 §2.10). */
export function SupportContacts({ withPhone = false }: { withPhone?: boolean }) {
  return (
    <Group gap="lg" justify="center" wrap="wrap">
      <Group gap={6}>
        <IconMail size={16} aria-hidden />
        <Text size="sm">
          <Anchor href={`mailto:${site.supportEmail}`}>{site.supportEmail}</Anchor>
        </Text>
      </Group>
      {withPhone && (
        <Group gap={6}>
          <IconPhone size={16} aria-hidden />
          <Text size="sm">
            <Anchor href={`tel:${site.phone.replace(/\s/g, '')}`}>{site.phone}</Anchor>
          </Text>
        </Group>
      )}
    </Group>
  )
}
