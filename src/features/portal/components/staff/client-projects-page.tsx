import { Button, Modal, Progress, Text } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { PROJECT_STATUSES, type ProjectStatus } from '@/contract/portal'
import { staffProjectMessages } from '@/contract/portal-staff'
import { StatusBadge } from '@/components/status-badge'
import { toast } from '@/components/toast'
import { formatDate, formatUsd } from '@/lib/format'
import { createStaffProject, useProjectChange } from '../../api/change-client-project'
import { projectQuery, useStaffProjects, type StaffProjectFilters } from '../../api/get-staff-client-projects'
import { ClientFilter, FilterSelect, statusOptions } from '@/components/staff/list-toolbar'
import { ClientProjectForm } from './client-project-form'
import { RecordLink, StaffList, useListFilters } from '@/components/staff/staff-list'

const SORTS = [
  { value: 'updated', label: 'Recently updated' },
  { value: 'newest', label: 'Newest' },
  { value: 'name', label: 'Name' },
  { value: 'end_date', label: 'Ending soonest' },
] as const

export function ClientProjectsPage() {
  const { filters, change, setPage } = useListFilters<StaffProjectFilters>({
    page: 1,
    search: '',
    sort: 'updated',
  })
  const [creating, setCreating] = useState(false)
  const create = useProjectChange(createStaffProject)
  const navigate = useNavigate()
  return (
    <StaffList
      noun={{ one: 'project', many: 'projects' }}
      actions={
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          New project
        </Button>
      }
      filters={filters}
      onChange={change}
      onPage={setPage}
      sorts={SORTS}
      exportFrom={{ path: '/api/staff/projects/', query: projectQuery(filters), name: 'projects' }}
      filterControls={
        <>
          <FilterSelect
            label="Status"
            value={filters.status}
            options={statusOptions(PROJECT_STATUSES)}
            onChange={(v) => change({ status: v as ProjectStatus | undefined })}
          />
          <ClientFilter value={filters.client} onChange={(client) => change({ client })} />
        </>
      }
      list={useStaffProjects(filters)}
      minWidth={800}
      columns={[
        {
          header: 'Project',
          cell: (p) => (
            <>
              <RecordLink to="/staff/projects/$id" id={p.id}>
                {p.name}
              </RecordLink>
              {p.key && (
                <Text size="xs" c="dimmed">
                  {p.key}
                </Text>
              )}
            </>
          ),
        },
        { header: 'Clients', cell: (p) => p.clients.map((c) => c.company_name).join(', ') || '—' },
        { header: 'Status', cell: (p) => <StatusBadge status={p.status} /> },
        {
          header: 'Progress',
          td: { miw: 120 },
          cell: (p) => (
            <>
              <Progress value={p.progress} aria-label={`${p.progress}% done`} />
              <Text size="xs">{p.progress}%</Text>
            </>
          ),
        },
        {
          header: 'Budget / paid',
          cell: (p) => `${formatUsd(p.total_budget)} / ${formatUsd(p.amount_paid)}`,
        },
        {
          header: 'Dates',
          cell: (p) => `${formatDate(p.start_date, '—')} – ${formatDate(p.end_date, '—')}`,
        },
      ]}
    >
      <Modal opened={creating} onClose={() => setCreating(false)} title="New project" size="lg">
        <ClientProjectForm
          submitLabel="Create project"
          pending={create.isPending}
          onSubmit={async (values) => {
            const project = await create.mutateAsync(values)
            toast.success(staffProjectMessages.created, 3000)
            setCreating(false)
            await navigate({ to: '/staff/projects/$id', params: { id: String(project.id) } })
          }}
        />
      </Modal>
    </StaffList>
  )
}
