import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { useState } from 'react'
import {
  selectorMessage,
  selectorRule,
  zoneMessages,
  type EmailFix,
  type HealthStatus,
} from '@/contract/dns-zone'
import { ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { ApiError } from '@/lib/api-client'
import { useApplyEmailFix } from '../api/apply-email-fix'
import { useEmailHealth } from '../api/get-email-health'

const STATUS: Record<HealthStatus, { label: string; colour: string }> = {
  ok: { label: 'OK', colour: 'green' },
  warning: { label: 'Check', colour: 'yellow' },
  problem: { label: 'Problem', colour: 'red' },
}

const message = (error: Error, fallback: string) =>
  error instanceof ApiError && error.body ? error.message : fallback

function FixButton({
  fix,
  onApply,
  pending,
  online,
}: {
  fix: EmailFix
  onApply: (fix: EmailFix, address: string) => void
  pending: boolean
  online: boolean
}) {
  const [address, setAddress] = useState(fix.reporting_address ?? '')
  return (
    <Stack gap="xs">
      {fix.reporting_address !== null && (
        <TextInput
          label="Reports go to"
          description="An address at this domain, or one whose domain agrees to receive them."
          value={address}
          onChange={(e) => setAddress(e.currentTarget.value)}
          w={{ base: '100%', sm: 360 }}
        />
      )}
      <Text size="sm" ff="monospace">
        {fix.adds.map((r) => `${r.type} ${r.host} ${r.value}`).join('\n')}
      </Text>
      <Button
        w="fit-content"
        size="xs"
        loading={pending}
        disabled={!online}
        onClick={() => onApply(fix, address)}
      >
        {fix.label}
      </Button>
    </Stack>
  )
}

/** MX, SPF, DMARC and DKIM read from the records we hold, with plain findings and one-click fixes. */
export function EmailHealthCard({ domainId, online }: { domainId: number; online: boolean }) {
  const [selectorsInput, setSelectorsInput] = useState('')
  const [selectors, setSelectors] = useState('')
  const [selectorError, setSelectorError] = useState<string | null>(null)
  const health = useEmailHealth(domainId, selectors)
  const fixer = useApplyEmailFix(domainId)

  const checkSelectors = () => {
    const list = selectorsInput
      .split(/[\s,]+/)
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean)
    if (!selectorRule(list)) {
      setSelectorError(selectorMessage)
      return
    }
    setSelectorError(null)
    setSelectors(list.join(','))
  }

  const apply = (fix: EmailFix, address: string) =>
    fixer.mutate(
      {
        fix: fix.id,
        ...(fix.reporting_address !== null ? { reporting_address: address.trim() } : {}),
        ...(selectors ? { dkim_selectors: selectors } : {}),
      },
      {
        onSuccess: () => toast.success(zoneMessages.fixApplied),
        onError: (error) => toast.error(message(error, zoneMessages.fixFailed)),
      },
    )

  let body
  if (health.isError && !health.data)
    body = (
      <ErrorPanel
        title="E-mail health"
        message={health.error.message}
        onRetry={() => void health.refetch()}
      />
    )
  else if (!health.data) body = <LoadingPanel label="Checking the e-mail records..." />
  else
    body = (
      <Stack gap="md" data-testid="email-health">
        {health.data.checks.map((c) => (
          <Stack key={c.check} gap={4} data-testid={`health-${c.check}`}>
            <Group gap="xs">
              <Badge color={STATUS[c.status].colour} variant="light">
                {STATUS[c.status].label}
              </Badge>
              <Text fw={600}>{c.title}</Text>
            </Group>
            {c.findings.map((f, i) => (
              <Text key={i} size="sm">
                {f}
              </Text>
            ))}
            {c.fix && (
              <FixButton
                key={c.fix.id}
                fix={c.fix}
                onApply={apply}
                pending={fixer.isPending}
                online={online}
              />
            )}
          </Stack>
        ))}
      </Stack>
    )

  return (
    <Card padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          E-mail health
        </Title>
        <Text size="sm" c="dimmed">
          Checks the mail records on this page (no outside lookup): where mail goes, who may send it, what
          receivers do with forgeries, and your signing keys.
        </Text>
        {body}
        <Group align="flex-end" gap="sm">
          <TextInput
            label="DKIM selectors"
            placeholder={health.data?.dkim_selectors.join(', ') || 'google, selector1'}
            value={selectorsInput}
            onChange={(e) => setSelectorsInput(e.currentTarget.value)}
            error={selectorError}
            w={{ base: '100%', sm: 280 }}
          />
          <Button variant="default" onClick={checkSelectors}>
            Check DKIM
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}
