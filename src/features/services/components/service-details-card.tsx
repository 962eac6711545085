import { Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import {
  IconCalendarEvent,
  IconClock,
  IconFileDollar,
  IconMessage2,
  IconStarFilled,
  IconUsers,
} from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { CLIENT_RATING } from '@/contract/company'
import type { Service } from '@/contract/services'
import { HEADER_HEIGHT } from '@/components/layout/site-header'

function DetailRow({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Group gap={8} wrap="nowrap" c="dimmed">
        {icon}
        <Text size="sm">{label}</Text>
      </Group>
      <Text size="sm" fw={700} ta="right">
        {value}
      </Text>
    </Group>
  )
}

/** The sticky Project Details card: price, timeline, team, rating and the two calls to action. */
export function ServiceDetailsCard({ service, onRequest }: { service: Service; onRequest: () => void }) {
  return (
    <Card
      component="aside"
      aria-labelledby="details-heading"
      bg="dark.7"
      style={{ position: 'sticky', top: HEADER_HEIGHT + 16 }}
    >
      <Stack gap="md">
        <Title order={2} size="h4" id="details-heading">
          Project Details
        </Title>
        <div>
          <Text size="xs" c="dimmed">
            Starting price
          </Text>
          <Text fz={26} fw={800} c="signal.4">
            {service.pricing}
          </Text>
        </div>
        <DetailRow icon={<IconClock size={16} aria-hidden />} label="Timeline" value={service.timeline} />
        <DetailRow icon={<IconUsers size={16} aria-hidden />} label="Team size" value={service.teamSize} />
        <DetailRow
          icon={<IconStarFilled size={16} aria-hidden color="var(--mantine-color-yellow-5)" />}
          label="Client rating"
          value={CLIENT_RATING}
        />
        <Button
          size="md"
          onClick={onRequest}
          leftSection={
            service.isOTP ? <IconMessage2 size={18} aria-hidden /> : <IconFileDollar size={18} aria-hidden />
          }
        >
          {service.isOTP ? 'Request OTP Plan' : 'Request Quote'}
        </Button>
        <Button
          component={Link}
          to="/contact"
          size="md"
          variant="default"
          leftSection={<IconCalendarEvent size={18} aria-hidden />}
        >
          Schedule Consultation
        </Button>
      </Stack>
    </Card>
  )
}
