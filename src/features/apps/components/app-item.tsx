import { ActionIcon, Anchor, Card, Code, Group, Stack, Text, Title, Tooltip } from '@mantine/core'
import { IconCopy, IconCreditCard, IconSettings } from '@tabler/icons-react'
import { appMessages, pendingAppMessages, type App } from '@/contract/apps'
import { useAppNavigation } from '@/components/app-link'
import { StatusDot } from '@/components/status-badge'
import { toast } from '@/components/toast'
import { formatDate } from '@/lib/format'
import { copyText } from '@/lib/clipboard'
import { getApp } from '../api/get-app'
import { truncateApiKey } from '../api-key'
import { appPaymentPath } from './pending-app-actions'

/** One app in the My Apps grid or list (spec 001 §2). */
export function AppItem({ app, layout }: { app: App; layout: 'grid' | 'list' }) {
  const navigation = useAppNavigation()
  const manageHref = `/manage-msg/${app.id}`
  // The list carries the key masked; the full key comes from the app's detail endpoint.
  async function copyKey() {
    if (!app.api_key) return
    let key: string | null
    try {
      key = (await getApp(app.id)).api_key
    } catch {
      toast.error(appMessages.detailsFailed)
      return
    }
    if (key && (await copyText(key))) toast.success(appMessages.apiKeyCopied, 3000)
    else toast.error('Could not copy to the clipboard.')
  }
  const details = (
    <>
      <Group gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          API key
        </Text>
        <Code data-testid="api-key">{truncateApiKey(app.api_key)}</Code>
        <Tooltip label="Copy API key">
          <ActionIcon
            variant="subtle"
            size="sm"
            onClick={() => void copyKey()}
            disabled={!app.api_key}
            aria-label={`Copy API key of ${app.name}`}
          >
            <IconCopy size={14} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Text size="xs" c="dimmed">
        Company:{' '}
        <Text span size="xs" c="gray.3">
          {app.client.company_name.trim() || appMessages.companyFallback}
        </Text>
      </Text>
      <Text size="xs" c="dimmed">
        Created {formatDate(app.created_at)}
      </Text>
    </>
  )
  const payHref = appPaymentPath(app.id)
  const manage = (
    <Group gap="md" wrap="nowrap">
      {app.status === 'pending' && (
        <Anchor
          href={payHref}
          onClick={navigation(payHref)}
          size="sm"
          aria-label={`${pendingAppMessages.completePayment} for ${app.name}`}
        >
          <Group gap={4} wrap="nowrap" component="span">
            <IconCreditCard size={14} aria-hidden />
            {pendingAppMessages.completePayment}
          </Group>
        </Anchor>
      )}
      <Anchor href={manageHref} onClick={navigation(manageHref)} size="sm" aria-label={`Manage ${app.name}`}>
        <Group gap={4} wrap="nowrap" component="span">
          <IconSettings size={14} aria-hidden />
          Manage
        </Group>
      </Anchor>
    </Group>
  )
  if (layout === 'list') {
    return (
      <Card padding="md" data-testid="app-item">
        <Group justify="space-between" wrap="wrap" gap="md">
          <Stack gap={2} miw={0} style={{ flex: '1 1 220px' }}>
            <Group gap="sm">
              <Title order={3} size="h5">
                {app.name}
              </Title>
              <StatusDot status={app.status} />
            </Group>
            <Text size="sm" c="dimmed" lineClamp={1}>
              {app.description}
            </Text>
          </Stack>
          <Stack gap={2}>{details}</Stack>
          {manage}
        </Group>
      </Card>
    )
  }
  return (
    <Card data-testid="app-item" h="100%">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h5">
            {app.name}
          </Title>
          <StatusDot status={app.status} />
        </Group>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {app.description}
        </Text>
        <Stack gap={4} mt="auto">
          {details}
        </Stack>
        {manage}
      </Stack>
    </Card>
  )
}
