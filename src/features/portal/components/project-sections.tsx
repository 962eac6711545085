import {
  Accordion,
  Anchor,
  Button,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { IconExternalLink, IconHeadset, IconWorld } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { portalMessages, type Milestone, type ProjectOverview } from '@/contract/portal'
import { useAppNavigation } from '@/components/app-link'
import { ImageWithFallback } from '@/components/image-with-fallback'
import { Fact as LabelledFact, type FactProps } from '@/components/fact'
import { StatusBadge } from '@/components/status-badge'
import { formatDate, formatUsd } from '@/lib/format'
import { completedMilestones, durationDays, websiteLink } from '../project-facts'

/** The project page's facts are in the small size. */
const Fact = (props: FactProps) => <LabelledFact size="sm" {...props} />

function SectionCard({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card component="section" aria-label={title} data-testid={testId}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  )
}

const external = { target: '_blank', rel: 'noopener noreferrer' } as const

export function SummaryCard({ project }: { project: ProjectOverview }) {
  return (
    <Card component="section" aria-label="Project summary">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ImageWithFallback
          src={project.logo}
          alt={`${project.name} logo`}
          width={64}
          height={64}
          letterFallback={project.name}
        />
        <Stack gap="sm" style={{ flex: 1 }} miw={0}>
          <Group gap="xs">
            <StatusBadge status={project.status} />
            <StatusBadge
              status={project.priority}
              kind="priority"
              label={`${project.priority} priority`}
              tt="capitalize"
            />
          </Group>
          <Text c="dimmed" size="sm">
            {project.description.trim() || portalMessages.descriptionFallback}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Fact label="Start date">{formatDate(project.start_date)}</Fact>
            <Fact label="End date">{formatDate(project.end_date)}</Fact>
            <Fact label="Team members">{project.members_count}</Fact>
            <Fact label="Progress">{project.progress}%</Fact>
          </SimpleGrid>
          {(project.website_url || project.dashboard_url) && (
            <Group gap="md">
              {project.website_url && (
                <Anchor href={project.website_url} {...external} size="sm">
                  Website <IconExternalLink size={12} aria-hidden />
                </Anchor>
              )}
              {project.dashboard_url && (
                <Anchor href={project.dashboard_url} {...external} size="sm">
                  Dashboard <IconExternalLink size={12} aria-hidden />
                </Anchor>
              )}
            </Group>
          )}
        </Stack>
      </Group>
    </Card>
  )
}

export function FinancialOverview({ financial }: { financial: ProjectOverview['financial'] }) {
  return (
    <SectionCard title="Financial Overview" testId="financial-overview">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" mb="md">
        <Fact label="Total Budget">{formatUsd(financial.total_budget)}</Fact>
        <Fact label="Amount Paid">
          <Text span c="green.4" fw={700} inherit>
            {formatUsd(financial.amount_paid)}
          </Text>
        </Fact>
        <Fact label="Remaining">{formatUsd(financial.remaining_budget)}</Fact>
      </SimpleGrid>
      <Group justify="space-between" mb={4}>
        <Text size="xs" c="dimmed">
          Paid
        </Text>
        <Text size="xs" fw={700}>
          {financial.progress_percentage}%
        </Text>
      </Group>
      <Progress value={Math.min(financial.progress_percentage, 100)} aria-label="Budget paid" />
    </SectionCard>
  )
}

export function MilestoneList({ milestones }: { milestones: Milestone[] }) {
  const ordered = [...milestones].sort((a, b) => a.order - b.order)
  return (
    <SectionCard title="Project Milestones">
      {ordered.length === 0 ? (
        <Text c="dimmed" size="sm">
          No milestones yet.
        </Text>
      ) : (
        <Accordion variant="separated" chevronPosition="right">
          {ordered.map((m) => (
            <Accordion.Item key={m.id} value={String(m.id)} data-testid="milestone">
              <Accordion.Control>
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Text fw={600} size="sm" lineClamp={1}>
                    {m.title}
                  </Text>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" c="dimmed">
                      {formatUsd(m.amount)}
                    </Text>
                    <StatusBadge
                      status={m.status}
                      kind="milestone"
                      label={m.status === 'paid' || m.status === 'pending' ? undefined : 'Overdue'}
                    />
                  </Group>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap={4}>
                  {m.description && <Text size="sm">{m.description}</Text>}
                  <Text size="xs" c="dimmed">
                    Due {formatDate(m.due_date)}
                  </Text>
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </SectionCard>
  )
}

export function Timeline({ project }: { project: ProjectOverview }) {
  const days = durationDays(project.start_date, project.end_date)
  return (
    <SectionCard title="Project Timeline">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" mb="md">
        <Fact label="Start">{formatDate(project.start_date)}</Fact>
        <Fact label="End">{formatDate(project.end_date)}</Fact>
        <Fact label="Duration">{days === null ? 'N/A' : `${days} days`}</Fact>
      </SimpleGrid>
      <Group justify="space-between" mb={4}>
        <Text size="xs" c="dimmed">
          Overall progress
        </Text>
        <Text size="xs" fw={700}>
          {project.progress}%
        </Text>
      </Group>
      <Progress value={project.progress} color="blue" aria-label="Overall progress" />
    </SectionCard>
  )
}

export function ProjectStats({ project }: { project: ProjectOverview }) {
  const stats = [
    ['Team Members', project.members_count],
    ['User Stories', project.user_stories_count],
    ['Milestones', project.milestones.length],
    ['Completed Milestones', completedMilestones(project.milestones)],
  ] as const
  return (
    <SectionCard title="Project Stats">
      <SimpleGrid cols={2} spacing="md">
        {stats.map(([label, value]) => (
          <Fact key={label} label={label}>
            <Text span fz="xl" fw={800} inherit>
              {value}
            </Text>
          </Fact>
        ))}
      </SimpleGrid>
    </SectionCard>
  )
}

export function ProjectQuickActions({ project }: { project: ProjectOverview }) {
  const navigation = useAppNavigation()
  const website = websiteLink(project.links)
  return (
    <SectionCard title="Quick Actions">
      <Stack gap="sm">
        {website ? (
          <Button
            component="a"
            href={website.url}
            {...external}
            variant="light"
            leftSection={<IconWorld size={16} aria-hidden />}
            fullWidth
          >
            Visit Website
          </Button>
        ) : (
          <Button disabled leftSection={<IconWorld size={16} aria-hidden />} fullWidth>
            {portalMessages.noWebsite}
          </Button>
        )}
        <Button
          component="a"
          href="/contact"
          onClick={navigation('/contact')}
          variant="default"
          leftSection={<IconHeadset size={16} aria-hidden />}
          fullWidth
        >
          Contact Support
        </Button>
      </Stack>
    </SectionCard>
  )
}
