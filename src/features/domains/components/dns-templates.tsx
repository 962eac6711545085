import { Button, Card, Select, Stack, Text, TextInput, Title } from '@mantine/core'
import { useState } from 'react'
import { DNS_TEMPLATES, domainMessages, templateRecords } from '@/contract/domains'
import { toast } from '@/components/toast'
import { ApiError } from '@/lib/api-client'
import { useApplyDnsTemplate } from '../api/apply-dns-template'

const message = (error: Error, fallback: string) =>
  error instanceof ApiError && error.body ? error.message : fallback

/** One click adds a mail or site host's usual records, after a preview of exactly those records. */
export function DnsTemplates({
  domainId,
  domainName,
  online,
}: {
  domainId: number
  domainName: string
  online: boolean
}) {
  const apply = useApplyDnsTemplate(domainId)
  const [template, setTemplate] = useState<string | null>(null)
  const [githubUser, setGithubUser] = useState('')
  const chosen = DNS_TEMPLATES.find((t) => t.id === template)
  return (
    <Card padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          DNS templates
        </Title>
        <Text size="sm" c="dimmed">
          Add the records a common mail or site host needs in one click. Check the preview first.
        </Text>
        <Select
          label="Template"
          placeholder="Choose a template"
          data={DNS_TEMPLATES.map((t) => ({ value: t.id, label: t.name }))}
          value={template}
          onChange={setTemplate}
          w={{ base: '100%', sm: 300 }}
        />
        {chosen && (
          <Stack gap="xs" data-testid="template-preview">
            <Text size="sm">{chosen.description}</Text>
            {chosen.id === 'github-pages' && (
              <TextInput
                label="GitHub user or organisation"
                value={githubUser}
                onChange={(e) => setGithubUser(e.currentTarget.value)}
                w={300}
              />
            )}
            {templateRecords(chosen, domainName, githubUser || '{github_user}').map((r, i) => (
              <Text key={i} size="sm" ff="monospace">
                {r.type} {r.host} {r.priority !== undefined ? `${r.priority} ` : ''}
                {r.value}
              </Text>
            ))}
            <Button
              w="fit-content"
              loading={apply.isPending}
              disabled={!online}
              onClick={() =>
                apply.mutate(
                  { template: chosen.id, github_user: githubUser },
                  {
                    onSuccess: () => {
                      toast.success(domainMessages.recordAdded)
                      setTemplate(null)
                    },
                    onError: (error) => toast.error(message(error, domainMessages.recordAddFailed)),
                  },
                )
              }
            >
              Apply Template
            </Button>
          </Stack>
        )}
      </Stack>
    </Card>
  )
}
