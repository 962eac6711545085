import { Alert, Button, Card, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { useState } from 'react'
import { callbackTexts } from '@/contract/app-callbacks'
import type { AppDetails } from '@/contract/apps'
import { toast } from '@/components/toast'
import { useOnline } from '@/components/use-online'
import { ApiError } from '@/lib/api-client'
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret'
import { useSaveCallbackUrl } from '../api/save-callback-url'
import { CallbackDeliveries } from './callback-deliveries'

/** The field's own error from a 400 (`callback_url: [...]`), else the answer's detail. */
function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.fields.callback_url?.[0] ?? error.message
  return callbackTexts.saveFailed
}

/** The signing secret, shown once after it was made. */
function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <Alert color="yellow" title="Signing secret" data-testid="webhook-secret">
      <Stack gap="xs">
        <Text size="sm">{callbackTexts.secretOnce}</Text>
        <Code data-testid="webhook-secret-value" style={{ wordBreak: 'break-all' }}>
          {secret}
        </Code>
        <Group>
          <Button size="xs" variant="light" onClick={onDone}>
            I have copied it
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}

/** Settings tab: where status changes go, the secret that signs them, and what was sent. */
export function CallbackSettings({ app }: { app: AppDetails }) {
  const online = useOnline()
  const save = useSaveCallbackUrl(app.id)
  const rotate = useRotateWebhookSecret(app.id)
  const [url, setUrl] = useState(app.callback_url ?? '')
  const [error, setError] = useState<string | null>(null)
  const [secret, setSecret] = useState<string | null>(null)
  const submit = async (value: string | null) => {
    setError(null)
    try {
      const saved = await save.mutateAsync(value)
      setUrl(saved.callback_url ?? '')
      if (saved.webhook_secret) setSecret(saved.webhook_secret)
      toast.success(saved.callback_url ? callbackTexts.saved : callbackTexts.removed, 3000)
    } catch (failure) {
      setError(errorText(failure))
    }
  }
  const newSecret = async () => {
    try {
      setSecret((await rotate.mutateAsync()).webhook_secret)
      toast.success(callbackTexts.secretRotated, 5000)
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : callbackTexts.saveFailed, 5000)
    }
  }
  return (
    <Stack gap="md">
      <Card withBorder padding="lg">
        <Title order={3} size="h5" mb="xs">
          Status callbacks
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Each status change of a message (sent, delivered, failed, undelivered) is POSTed to this URL as
          JSON, signed as the Standard Webhooks specification says. Failed deliveries are retried for 24
          hours.
        </Text>
        <form
          onSubmit={(event) => {
            event.preventDefault()
            void submit(url.trim() === '' ? null : url.trim())
          }}
        >
          <Stack gap="sm">
            <TextInput
              label="Callback URL"
              placeholder="https://example.com/hooks/messages"
              value={url}
              onChange={(event) => {
                setUrl(event.currentTarget.value)
                setError(null)
              }}
              error={error}
              disabled={!online}
            />
            <Group>
              <Button type="submit" loading={save.isPending} disabled={!online}>
                Save callback URL
              </Button>
              {app.callback_url && (
                <Button
                  variant="default"
                  onClick={() => void submit(null)}
                  disabled={!online || save.isPending}
                >
                  Remove
                </Button>
              )}
              {app.callback_url && (
                <Button
                  variant="subtle"
                  onClick={() => void newSecret()}
                  loading={rotate.isPending}
                  disabled={!online}
                >
                  New signing secret
                </Button>
              )}
            </Group>
          </Stack>
        </form>
        {secret && (
          <Stack mt="sm">
            <SecretOnce secret={secret} onDone={() => setSecret(null)} />
          </Stack>
        )}
      </Card>
      <CallbackDeliveries appId={app.id} />
    </Stack>
  )
}
