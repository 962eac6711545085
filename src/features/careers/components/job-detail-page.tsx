import { Alert, Badge, Card, Container, Grid, Group, List, Stack, Text, Title } from '@mantine/core'
import {
  IconBriefcase,
  IconCalendar,
  IconCheck,
  IconClock,
  IconMapPin,
  IconRefresh,
  IconStairs,
  IconUsers,
} from '@tabler/icons-react'
import type { ReactNode } from 'react'
import {
  careersMessages,
  deadlinePassed,
  EXPERIENCE_LEVEL_LABELS,
  JOB_TYPE_LABELS,
  skillList,
  splitLines,
  WORK_FROM_LABELS,
  type Job,
} from '@/contract/careers'
import { BackLink } from '@/components/back-link'
import { DetailPageStatus } from '@/components/detail-page-status'
import { SafeHtml } from '@/components/safe-html'
import { StatRow } from '@/components/stat-row'
import { formatDate } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useJob } from '../api/get-job'
import { JobApplicationForm } from './job-application-form'

/** /careers/{slug}: everything about one position and the application form. */
export function JobDetailPage({ slug }: { slug: string }) {
  const job = useJob(slug)
  useDocumentTitle(job.data ? `${job.data.title} | Careers` : null)

  if (!job.data) {
    return (
      <DetailPageStatus
        query={job}
        listPath="/careers"
        backLabel="Back to Careers"
        size="lg"
        loadingLabel="Loading position..."
        notFound={{
          title: careersMessages.jobNotFound,
          message: 'This position may have been filled or closed.',
          actionLabel: 'View All Jobs',
        }}
        errorMessage={job.error?.message || careersMessages.fetchJob}
      />
    )
  }
  return <JobDetail job={job.data} />
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section">
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  )
}

function Lines({ text }: { text: string }) {
  const lines = splitLines(text)
  if (lines.length === 0) return null
  return (
    <List
      spacing={6}
      icon={<IconCheck size={16} color="var(--mantine-color-signal-5)" aria-hidden />}
      styles={{ itemWrapper: { alignItems: 'flex-start' }, itemIcon: { marginTop: 4 } }}
    >
      {lines.map((line, i) => (
        <List.Item key={i}>{line}</List.Item>
      ))}
    </List>
  )
}

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      {icon}
      <Text size="sm">
        <Text span c="dimmed">
          {label}:
        </Text>{' '}
        {value}
      </Text>
    </Group>
  )
}

function JobDetail({ job }: { job: Job }) {
  const skills = skillList(job.skills)
  const closed = deadlinePassed(job.application_deadline)
  return (
    <Container size="lg" py={{ base: 32, md: 56 }}>
      <Stack gap="xl">
        <BackLink to="/careers">Back to Careers</BackLink>
        <Stack gap="md" component="header">
          <Group gap="xs">
            {job.is_featured && (
              <Badge variant="light" color="yellow">
                Featured
              </Badge>
            )}
            <Badge variant="light" color="blue" leftSection={<IconUsers size={12} aria-hidden />}>
              {job.applications_count} {job.applications_count === 1 ? 'applicant' : 'applicants'}
            </Badge>
            {job.department && <Badge variant="light">{job.department}</Badge>}
          </Group>
          <Title order={1} fz={{ base: 30, md: 42 }} lh={1.15}>
            {job.title}
          </Title>
          <Group gap="lg">
            <Fact
              icon={<IconClock size={16} aria-hidden />}
              label="Type"
              value={JOB_TYPE_LABELS[job.job_type]}
            />
            <Fact
              icon={<IconMapPin size={16} aria-hidden />}
              label="Location"
              value={`${job.location || 'Anywhere'} (${WORK_FROM_LABELS[job.work_from]})`}
            />
            <Fact
              icon={<IconStairs size={16} aria-hidden />}
              label="Experience"
              value={EXPERIENCE_LEVEL_LABELS[job.experience_level]}
            />
            {job.department && (
              <Fact
                icon={<IconBriefcase size={16} aria-hidden />}
                label="Department"
                value={job.department}
              />
            )}
            <Fact
              icon={<IconCalendar size={16} aria-hidden />}
              label="Posted"
              value={formatDate(job.created_at)}
            />
            <Fact
              icon={<IconRefresh size={16} aria-hidden />}
              label="Updated"
              value={formatDate(job.updated_at)}
            />
          </Group>
        </Stack>

        <Grid gap={{ base: 'xl', md: 48 }}>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap={36}>
              <Section title="About the Role">
                <Text c="dark.0">{job.description || careersMessages.defaultDescription}</Text>
                {job.job_description && <SafeHtml html={job.job_description} />}
              </Section>
              {splitLines(job.responsibilities).length > 0 && (
                <Section title="Responsibilities">
                  <Lines text={job.responsibilities} />
                </Section>
              )}
              {splitLines(job.requirements).length > 0 && (
                <Section title="Requirements">
                  <Lines text={job.requirements} />
                </Section>
              )}
              {skills.length > 0 && (
                <Section title="Required Skills">
                  <Group gap={8}>
                    {skills.map((skill) => (
                      <Badge key={skill} variant="outline" color="gray" tt="none" size="lg">
                        {skill}
                      </Badge>
                    ))}
                  </Group>
                </Section>
              )}
              {splitLines(job.benefits).length > 0 && (
                <Section title="Benefits">
                  <Lines text={job.benefits} />
                </Section>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              <Card padding="lg" bg="dark.7" component="section" aria-labelledby="job-stats">
                <Stack gap="sm">
                  <Title order={2} size="h5" id="job-stats">
                    Application Stats
                  </Title>
                  <Stack gap={6} component="dl" m={0}>
                    <StatRow label="Applicants" value={String(job.applications_count)} />
                    <StatRow label="Posted" value={formatDate(job.created_at)} />
                    <StatRow
                      label="Apply by"
                      value={job.application_deadline ? formatDate(job.application_deadline) : 'Until filled'}
                    />
                  </Stack>
                  {job.salary_range && (
                    <>
                      <Title order={2} size="h5" mt="xs">
                        Salary Range
                      </Title>
                      <Text fw={700} fz="lg" c="signal.4">
                        {job.salary_range}
                      </Text>
                    </>
                  )}
                </Stack>
              </Card>
              <Card padding="lg" component="section" aria-labelledby="apply-heading" id="apply">
                <Stack gap="md">
                  <Title order={2} size="h4" id="apply-heading">
                    Apply for this Position
                  </Title>
                  {closed ? (
                    <Alert color="yellow" variant="light">
                      {careersMessages.deadlinePassed}
                    </Alert>
                  ) : (
                    <JobApplicationForm jobId={job.id} />
                  )}
                </Stack>
              </Card>
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  )
}
