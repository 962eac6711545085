import { Alert, Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { IconCopy, IconDownload, IconKey } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { toast } from '@/components/toast'

/** Shows freshly made recovery codes once, with ways to keep them. */
export function RecoveryCodes({ codes, children }: { codes: string[]; children?: ReactNode }) {
  const text = `Cypher recovery codes (each works once)\n\n${codes.join('\n')}\n`
  return (
    <Stack gap="md" data-testid="recovery-codes">
      <Alert
        color="yellow"
        variant="light"
        icon={<IconKey size={18} aria-hidden />}
        title="Save your recovery codes"
      >
        If you lose your phone, each of these codes signs you in once instead of a code from the app. They are
        shown only now: keep them somewhere safe, away from your password.
      </Alert>
      <SimpleGrid cols={2} spacing="xs" role="list" aria-label="Recovery codes">
        {codes.map((code) => (
          <Code key={code} role="listitem" fz="md" ta="center" py={6}>
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconCopy size={16} aria-hidden />}
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(text)
              toast.success('Recovery codes copied to clipboard!', 3000)
            } catch {
              toast.error('Could not copy: select the codes and copy them by hand.', 4000)
            }
          }}
        >
          Copy codes
        </Button>
        <Button
          variant="default"
          component="a"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="cypher-recovery-codes.txt"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Download
        </Button>
      </Group>
      {children}
      <Text size="xs" c="dimmed">
        New codes can be made on the settings page; making them ends the old ones.
      </Text>
    </Stack>
  )
}
