import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { staffMessages } from '@/contract/staff'
import { staffContentMessages } from '@/contract/content-staff'
import { ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { createJob, setJobPublished, updateJob, useJobChange } from '../../api/change-job'
import { useStaffJob } from '../../api/get-staff-jobs'
import { JobForm } from './job-form'
import { PublicationBadge } from '@/components/staff/publication-badge'

const errorText = (error: unknown) => (error instanceof Error ? error.message : staffMessages.saveFailed)

/** A new job: saved unpublished, then opened for editing and publishing. */
export function NewJobPage() {
  const create = useJobChange(createJob)
  const navigate = useNavigate()
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/staff/content/jobs" size="sm">
        ← All jobs
      </Anchor>
      <Title order={2} size="h3">
        New job
      </Title>
      <JobForm
        submitLabel="Create job"
        pending={create.isPending}
        onSubmit={async (values) => {
          const job = await create.mutateAsync(values)
          toast.success(staffContentMessages.jobCreated, 3000)
          await navigate({ to: '/staff/content/jobs/$id', params: { id: String(job.id) } })
        }}
      />
    </Stack>
  )
}

/** One job: published or not, its applications count, and the form. */
export function JobPage({ id }: { id: number }) {
  const job = useStaffJob(id)
  const update = useJobChange(updateJob)
  const publish = useJobChange(setJobPublished)
  const [version, setVersion] = useState(0)
  if (job.isPending) return <LoadingPanel label="Loading job..." />
  if (job.isError) return <ErrorPanel message={errorText(job.error)} onRetry={() => void job.refetch()} />
  const j = job.data
  async function togglePublished() {
    try {
      await publish.mutateAsync({ id: j.id, published: !j.is_active })
      toast.success(j.is_active ? staffContentMessages.unpublished : staffContentMessages.published, 3000)
    } catch (error) {
      toast.error(errorText(error), 5000)
    }
  }
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/staff/content/jobs" size="sm">
        ← All jobs
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2} size="h3">
              {j.title}
            </Title>
            <PublicationBadge state={j.is_active ? 'published' : 'unpublished'} />
          </Group>
          <Text size="sm" c="dimmed">
            {j.applications_count} applications ·{' '}
            {j.is_active ? (
              <Anchor
                size="sm"
                renderRoot={(props) => <Link to="/careers/$slug" params={{ slug: j.slug }} {...props} />}
              >
                View on the site
              </Anchor>
            ) : (
              'Not visible on the site; closed for applications.'
            )}
          </Text>
        </Stack>
        <Button
          variant={j.is_active ? 'default' : 'filled'}
          color={j.is_active ? undefined : 'green'}
          loading={publish.isPending}
          onClick={() => void togglePublished()}
        >
          {j.is_active ? 'Unpublish' : 'Publish'}
        </Button>
      </Group>
      <JobForm
        key={version}
        job={j}
        submitLabel="Save changes"
        pending={update.isPending}
        onSubmit={async (values) => {
          await update.mutateAsync({ id: j.id, changes: values })
          toast.success(staffContentMessages.saved, 3000)
          setVersion((v) => v + 1)
        }}
      />
    </Stack>
  )
}
