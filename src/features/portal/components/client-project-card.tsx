import { ActionIcon, Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core'
import { IconArrowRight, IconCopy } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { portalMessages, type ClientProjectCard as Card_ } from '@/contract/portal'
import { statusLabel } from '@/contract/status-colours'
import { ImageWithFallback } from '@/components/image-with-fallback'
import { StatusBadge } from '@/components/status-badge'
import { toast } from '@/components/toast'
import { formatDate } from '@/lib/format'
import { copyText } from '@/lib/clipboard'
import { accessLevelLabel } from '../project-facts'

/** What the copy-info button puts on the clipboard. */
export function projectInfoText(card: Card_, origin: string): string {
  return [
    card.project_name,
    card.project_key ? `Key: ${card.project_key}` : null,
    `Status: ${statusLabel(card.project_status)}`,
    `Access: ${accessLevelLabel(card.access_level)}`,
    `${origin}/project/${card.project}`,
  ]
    .filter(Boolean)
    .join('\n')
}

/** One project of the My Projects tab (spec 001 §2). */
export function ClientProjectCard({ card }: { card: Card_ }) {
  async function copyInfo() {
    if (await copyText(projectInfoText(card, window.location.origin)))
      toast.success(portalMessages.projectInfoCopied)
    else toast.error('Could not copy to the clipboard.')
  }
  return (
    <Card data-testid="client-project-card" h="100%">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <ImageWithFallback
              src={card.project_logo ?? card.logo}
              alt={`${card.project_name} logo`}
              width={48}
              height={48}
              letterFallback={card.project_name}
            />
            <Stack gap={2} miw={0}>
              <Title order={3} size="h4" lineClamp={2}>
                {card.project_name}
              </Title>
              {card.project_key && (
                <Text size="xs" c="dimmed" ff="monospace">
                  Key: {card.project_key}
                </Text>
              )}
            </Stack>
          </Group>
          <StatusBadge status={card.project_status} style={{ flexShrink: 0 }} />
        </Group>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {card.description.trim() || portalMessages.descriptionFallback}
        </Text>
        <Group gap="lg" mt="auto">
          <Text size="xs" c="dimmed">
            Created {formatDate(card.created_at)}
          </Text>
          <Text size="xs" c="dimmed">
            Access:{' '}
            <Text span fw={600} c="gray.3" size="xs">
              {accessLevelLabel(card.access_level)}
            </Text>
          </Text>
        </Group>
        <Group justify="space-between" wrap="nowrap">
          <Button
            renderRoot={(props) => (
              <Link to="/project/$id" params={{ id: String(card.project) }} {...props} />
            )}
            variant="light"
            rightSection={<IconArrowRight size={16} aria-hidden />}
            aria-label={`View project ${card.project_name}`}
          >
            View Project
          </Button>
          <Tooltip label="Copy project info">
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => void copyInfo()}
              aria-label={`Copy info of ${card.project_name}`}
            >
              <IconCopy size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Stack>
    </Card>
  )
}
