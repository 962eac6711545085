import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { EXPIRING_DOMAINS_DAYS, staffMessages, type StaffOverview } from '@/contract/staff'
import { INBOX_KIND_LABELS } from '@/contract/inquiries-staff'
import { statusLabel } from '@/contract/status-colours'
import { StatusBadge } from '@/components/status-badge'
import { formatDate, formatDateTime, formatMoney } from '@/lib/format'
import { ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { useStaffOverview } from '../api/get-staff-overview'
import { RecordLink } from '@/components/staff/staff-list'

/**
 * What needs the team now: open tickets by priority (overdue first), new inbox items, today's payments,
 * domains about to expire and failed background jobs.
 */
export function OverviewPage() {
  const overview = useStaffOverview()
  if (overview.isPending) return <LoadingPanel />
  if (overview.isError)
    return <ErrorPanel message={staffMessages.loadFailed} onRetry={() => void overview.refetch()} />
  const overdue = overview.data.tickets.reduce((sum, t) => sum + t.overdue, 0)
  return (
    <Stack gap="lg">
      <section aria-labelledby="overview-tickets">
        <Title id="overview-tickets" order={2} size="h4" mb="sm">
          Open tickets
        </Title>
        <Text size="sm" mb="sm" c={overdue > 0 ? 'red' : 'dimmed'}>
          {overdue} overdue ·{' '}
          <Anchor component={Link} to="/staff/tickets" size="sm">
            Open the queue (overdue first)
          </Anchor>
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {overview.data.tickets.map((t) => (
            <Card key={t.priority} withBorder data-priority={t.priority}>
              <StatusBadge status={t.priority} kind="priority" label={statusLabel(t.priority)} />
              <Text size="xl" fw={700} mt="xs">
                {t.open}
              </Text>
              <Text size="sm" c={t.overdue > 0 ? 'red' : 'dimmed'}>
                {t.overdue} overdue
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </section>
      <section aria-labelledby="overview-inbox">
        <Title id="overview-inbox" order={2} size="h4" mb="sm">
          New in the inbox
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {overview.data.inbox.map((i) => (
            <Card key={i.kind} withBorder>
              <Text size="sm">{INBOX_KIND_LABELS[i.kind]}</Text>
              <Text size="xl" fw={700} mt="xs">
                {i.new}
              </Text>
              <Anchor
                size="sm"
                renderRoot={(props) => <Link to="/staff/inbox" search={{ kind: i.kind }} {...props} />}
              >
                Open
              </Anchor>
            </Card>
          ))}
        </SimpleGrid>
      </section>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PaymentsToday paid={overview.data.payments_today} />
        <ExpiringDomains expiring={overview.data.expiring_domains} />
      </SimpleGrid>
      <FailedJobs failed={overview.data.failed_jobs} />
    </Stack>
  )
}

/** Background jobs (e-mails, fulfilment retries, renewals…) that used up their retries. */
function FailedJobs({ failed }: { failed: StaffOverview['failed_jobs'] }) {
  return (
    <section aria-labelledby="overview-failed-jobs">
      <Title id="overview-failed-jobs" order={2} size="h4" mb="sm">
        Failed jobs
      </Title>
      <Card withBorder>
        <Text size="xl" fw={700} c={failed.count > 0 ? 'red' : undefined} data-testid="failed-jobs-count">
          {failed.count}
        </Text>
        <Text size="sm" c="dimmed">
          {failed.count === 0
            ? 'No background job has failed. The queue keeps failed jobs for about a week.'
            : 'Background jobs that used up their retries (kept for about a week). The newest:'}
        </Text>
        {failed.latest.length > 0 && (
          <Stack component="ul" gap="xs" mt="sm" p={0} style={{ listStyle: 'none' }}>
            {failed.latest.map((job) => (
              <li key={job.id}>
                <Text size="sm" fw={600} component="span">
                  {job.name}
                </Text>{' '}
                <Text size="xs" c="dimmed" component="span">
                  {formatDateTime(job.failed_at)}
                </Text>
                <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>
                  {job.error || 'No error message was recorded.'}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Card>
    </section>
  )
}

/** Orders paid since midnight UTC that are still paid. */
function PaymentsToday({ paid }: { paid: StaffOverview['payments_today'] }) {
  return (
    <section aria-labelledby="overview-payments-today">
      <Title id="overview-payments-today" order={2} size="h4" mb="sm">
        Payments today
      </Title>
      <Card withBorder>
        <Text size="xl" fw={700} data-testid="payments-today-total">
          {formatMoney(paid.total_minor / 100, paid.currency)}
        </Text>
        <Text size="sm" c="dimmed">
          {paid.count === 1 ? '1 order paid' : `${paid.count} orders paid`} since midnight (UTC)
        </Text>
        <Anchor
          size="sm"
          renderRoot={(props) => (
            <Link
              to="/staff/orders"
              search={{ status: 'paid', from: new Date().toISOString().slice(0, 10) }}
              {...props}
            />
          )}
        >
          Open today’s paid orders
        </Anchor>
      </Card>
    </section>
  )
}

/** Active domains whose registration ends soon, soonest first, with the client each belongs to. */
function ExpiringDomains({ expiring }: { expiring: StaffOverview['expiring_domains'] }) {
  return (
    <section aria-labelledby="overview-expiring-domains">
      <Title id="overview-expiring-domains" order={2} size="h4" mb="sm">
        Domains expiring in {EXPIRING_DOMAINS_DAYS} days
      </Title>
      <Card withBorder>
        <Text
          size="xl"
          fw={700}
          c={expiring.count > 0 ? 'orange' : undefined}
          data-testid="expiring-domains-count"
        >
          {expiring.count}
        </Text>
        {expiring.count === 0 ? (
          <Text size="sm" c="dimmed">
            No active domain expires in the next {EXPIRING_DOMAINS_DAYS} days.
          </Text>
        ) : (
          <Stack component="ul" gap="xs" mt="sm" p={0} style={{ listStyle: 'none' }}>
            {expiring.soonest.map((domain) => (
              <li key={domain.id}>
                <Text size="sm" fw={600} component="span">
                  {domain.domain_name}
                </Text>{' '}
                <Text size="xs" c="dimmed" component="span">
                  {formatDate(domain.expiry_date)} · {domain.auto_renew ? 'auto-renew on' : 'auto-renew off'}
                </Text>
                {domain.client && (
                  <Text size="sm">
                    <RecordLink size="sm" to="/staff/clients/$id" id={domain.client.id}>
                      {domain.client.company_name}
                    </RecordLink>
                  </Text>
                )}
              </li>
            ))}
          </Stack>
        )}
      </Card>
    </section>
  )
}
