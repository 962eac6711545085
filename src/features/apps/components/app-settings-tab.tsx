import { Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core'
import { useState } from 'react'
import { appMessages, type AppDetails } from '@/contract/apps'
import { StatRow } from '@/components/stat-row'
import { toast } from '@/components/toast'
import { useOnline } from '@/components/use-online'
import { formatDate } from '@/lib/format'
import { useDeleteApp } from '../api/delete-app'
import { useRotateKey } from '../api/rotate-key'
import { ApiKeyField } from './api-key-field'
import { CallbackSettings } from './callback-settings'

/** Settings tab: the app, its subscriptions, status callbacks and the danger zone. */
export function AppSettingsTab({ app }: { app: AppDetails }) {
  const online = useOnline()
  const rotate = useRotateKey(app.id)
  const remove = useDeleteApp(app.id)
  const [confirming, setConfirming] = useState(false)
  const [typed, setTyped] = useState('')
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const deleted = app.status === 'inactive'

  const resetKey = async () => {
    try {
      await rotate.mutateAsync()
      toast.success(appMessages.keyRotated, 5000)
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not reset the app.', 5000)
    }
  }
  const deleteApp = async () => {
    if (typed.trim() !== app.name.trim()) {
      setDeleteError(appMessages.deleteConfirmMismatch)
      return
    }
    try {
      await remove.mutateAsync(typed)
      setConfirming(false)
      toast.success(appMessages.appDeleted, 5000)
    } catch (error) {
      setDeleteError(error instanceof Error ? error.message : 'Could not delete the app.')
    }
  }
  return (
    <Stack gap="md">
      <Card withBorder padding="lg">
        <Title order={3} size="h5" mb="sm">
          App settings
        </Title>
        <StatRow label="Name" value={app.name} />
        <StatRow label="Status" value={app.status} />
        <StatRow label="Description" value={app.description || '—'} />
        <Group justify="space-between" mt="xs">
          <Text size="sm" c="dimmed">
            API key
          </Text>
          <ApiKeyField appId={app.id} apiKey={app.api_key} />
        </Group>
      </Card>
      <Card withBorder padding="lg">
        <Title order={3} size="h5" mb="sm">
          Subscriptions
        </Title>
        {app.subscriptions.map((sub) => (
          <Stack key={sub.id} gap={2} mb="sm">
            <StatRow label="Package" value={`${sub.package_name} (${sub.package_type.toUpperCase()})`} />
            <StatRow
              label="Used / limit"
              value={`${sub.messages_used.toLocaleString('en-US')} / ${sub.messages_limit.toLocaleString('en-US')} (${sub.usage_percentage.toFixed(1)}%)`}
            />
            <StatRow label="Start date" value={formatDate(sub.start_date)} />
            <StatRow label="End date" value={formatDate(sub.end_date)} />
          </Stack>
        ))}
        {app.subscriptions.length === 0 && <Text c="dimmed">No subscription.</Text>}
      </Card>
      <CallbackSettings app={app} />
      <Card withBorder padding="lg" bd="1px solid var(--mantine-color-red-4)">
        <Title order={3} size="h5" c="red" mb="xs">
          Danger zone
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Reset App issues a new API key; the current key keeps working for 24 hours. Delete App deactivates
          the app and its keys stop working at once.
        </Text>
        <Group>
          <Button
            color="orange"
            variant="light"
            onClick={() => void resetKey()}
            loading={rotate.isPending}
            disabled={!online || deleted}
          >
            Reset App
          </Button>
          <Button color="red" onClick={() => setConfirming(true)} disabled={!online || deleted}>
            Delete App
          </Button>
        </Group>
      </Card>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Delete App">
        <Stack>
          <Text size="sm">
            Type <b>{app.name}</b> to confirm. The app is deactivated and its API keys stop working.
          </Text>
          <TextInput
            label="App name"
            value={typed}
            onChange={(event) => {
              setTyped(event.currentTarget.value)
              setDeleteError(null)
            }}
            error={deleteError}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void deleteApp()} loading={remove.isPending}>
              Delete App
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
