import {
  ActionIcon,
  Anchor,
  Card,
  Code,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core'
import { IconCopy } from '@tabler/icons-react'
import { useState } from 'react'
import { toast } from '@/components/toast'
import { copyText } from '@/lib/clipboard'
import { platform } from '@/platform/current'

/** Where the API answers: the site itself on the web, the configured server on the desktop. */
function apiOrigin(): string {
  return platform.apiBaseUrl || window.location.origin
}

export function curlExample(baseUrl: string, testKey: string): string {
  return [
    `curl -X POST ${baseUrl}/messages \\`,
    `  -H "X-API-Key: ${testKey}" \\`,
    '  -H "Idempotency-Key: $(uuidgen)" \\',
    '  -H "Content-Type: application/json" \\',
    `  -d '{"channel":"sms","to":"+13125550199","body":"Hello from my app"}'`,
  ].join('\n')
}

export function javascriptExample(baseUrl: string, testKey: string): string {
  return [
    `const response = await fetch('${baseUrl}/messages', {`,
    "  method: 'POST',",
    '  headers: {',
    `    'X-API-Key': '${testKey}',`,
    "    'Idempotency-Key': crypto.randomUUID(),",
    "    'Content-Type': 'application/json',",
    '  },',
    "  body: JSON.stringify({ channel: 'sms', to: '+13125550199', body: 'Hello from my app' }),",
    '})',
    'const message = await response.json()',
    'console.log(message.id, message.status, message.segments)',
  ].join('\n')
}

function CopyButton({ text, label }: { text: string; label: string }) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        aria-label={label}
        onClick={() =>
          void copyText(text).then((copied) =>
            copied ? toast.success('Copied to clipboard!', 3000) : toast.error('Could not copy.', 3000),
          )
        }
      >
        <IconCopy size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  )
}

/** The app page's quick start: the API's base URL and a first call with the test key, ready to copy. */
export function QuickStart({ testKey }: { testKey: string | null }) {
  const [language, setLanguage] = useState<'curl' | 'javascript'>('curl')
  const origin = apiOrigin()
  const baseUrl = `${origin}/api/v1`
  const key = testKey ?? 'YOUR_TEST_KEY'
  const example = language === 'curl' ? curlExample(baseUrl, key) : javascriptExample(baseUrl, key)
  return (
    <Card withBorder padding="lg" data-testid="quick-start">
      <Title order={3} size="h5" mb="xs">
        Quick start
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        The example uses your test key: it runs the same checks and answers as the live key, never sends
        through a provider and never spends your package. Test messages appear under Activity marked “test”.
      </Text>
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            Base URL
          </Text>
          <Code data-testid="api-base-url">{baseUrl}</Code>
          <CopyButton text={baseUrl} label="Copy base URL" />
        </Group>
        <Group justify="space-between">
          <SegmentedControl
            size="xs"
            value={language}
            onChange={(value) => setLanguage(value === 'javascript' ? 'javascript' : 'curl')}
            data={[
              { value: 'curl', label: 'curl' },
              { value: 'javascript', label: 'JavaScript' },
            ]}
            aria-label="Example language"
          />
          <CopyButton
            text={example}
            label={`Copy the ${language === 'curl' ? 'curl' : 'JavaScript'} example`}
          />
        </Group>
        <Code block data-testid="quick-start-example" style={{ whiteSpace: 'pre', overflowX: 'auto' }}>
          {example}
        </Code>
        <Anchor href={`${origin}/api/docs#/messaging`} target="_blank" rel="noopener noreferrer" size="sm">
          API reference: sending, reading and listing messages, callbacks and error codes
        </Anchor>
      </Stack>
    </Card>
  )
}
