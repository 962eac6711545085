import { Anchor, Button, Group, Modal, Progress, Stack, Table, Text } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { PROJECT_STATUSES, type ProjectStatus } from '@/contract/portal'
import { STAFF_PAGE_SIZE, staffMessages } from '@/contract/staff'
import { staffProjectMessages } from '@/contract/staff-projects'
import { statusLabel } from '@/contract/status-colours'
import { Pagination, pageCount } from '@/components/pagination'
import { StatusBadge } from '@/components/status-badge'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { formatDate, formatUsd } from '@/lib/format'
import { createStaffProject, useProjectChange } from '../api/change-project'
import { exportList } from '../api/export-list'
import { useClientOptions } from '../api/get-options'
import { projectQuery, useStaffProjects, type StaffProjectFilters } from '../api/get-projects'
import { FilterSelect, ListToolbar } from './list-toolbar'
import { ProjectForm } from './project-form'

const SORTS = [
  { value: 'updated', label: 'Recently updated' },
  { value: 'newest', label: 'Newest' },
  { value: 'name', label: 'Name' },
  { value: 'end_date', label: 'Ending soonest' },
] as const

export function ProjectsPage() {
  const [filters, setFilters] = useState<StaffProjectFilters>({ page: 1, search: '', sort: 'updated' })
  const [creating, setCreating] = useState(false)
  const projects = useStaffProjects(filters)
  const clients = useClientOptions()
  const create = useProjectChange(createStaffProject)
  const navigate = useNavigate()
  const change = (next: Partial<StaffProjectFilters>) => setFilters((f) => ({ ...f, page: 1, ...next }))

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          New project
        </Button>
      </Group>
      <Modal opened={creating} onClose={() => setCreating(false)} title="New project" size="lg">
        <ProjectForm
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
      <ListToolbar
        searchLabel="Search projects"
        search={filters.search}
        onSearch={(search) => change({ search })}
        sort={filters.sort}
        sorts={SORTS}
        onSort={(sort) => change({ sort: sort as StaffProjectFilters['sort'] })}
        onExport={() => exportList('/api/staff/projects/', projectQuery(filters), 'projects')}
      >
        <FilterSelect
          label="Status"
          value={filters.status}
          options={PROJECT_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
          onChange={(v) => change({ status: v as ProjectStatus | undefined })}
        />
        <FilterSelect
          label="Client"
          value={filters.client?.toString()}
          options={(clients.data?.results ?? []).map((c) => ({
            value: String(c.id),
            label: c.company_name || c.email,
          }))}
          onChange={(v) => change({ client: v ? Number(v) : undefined })}
        />
      </ListToolbar>
      {projects.isPending ? (
        <LoadingPanel label="Loading projects..." />
      ) : projects.isError ? (
        <ErrorPanel message={staffMessages.loadFailed} onRetry={() => void projects.refetch()} />
      ) : projects.data.results.length === 0 ? (
        <EmptyState title="No projects" message="No project matches these filters." />
      ) : (
        <>
          <Table.ScrollContainer minWidth={800}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Project</Table.Th>
                  <Table.Th>Clients</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Progress</Table.Th>
                  <Table.Th>Budget / paid</Table.Th>
                  <Table.Th>Dates</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {projects.data.results.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Anchor
                        renderRoot={(props) => (
                          <Link to="/staff/projects/$id" params={{ id: String(p.id) }} {...props} />
                        )}
                      >
                        {p.name}
                      </Anchor>
                      {p.key && (
                        <Text size="xs" c="dimmed">
                          {p.key}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{p.clients.map((c) => c.company_name).join(', ') || '—'}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={p.status} />
                    </Table.Td>
                    <Table.Td miw={120}>
                      <Progress value={p.progress} aria-label={`${p.progress}% done`} />
                      <Text size="xs">{p.progress}%</Text>
                    </Table.Td>
                    <Table.Td>
                      {formatUsd(p.total_budget)} / {formatUsd(p.amount_paid)}
                    </Table.Td>
                    <Table.Td>
                      {formatDate(p.start_date, '—')} – {formatDate(p.end_date, '—')}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pagination
            page={filters.page}
            total={pageCount(projects.data.count, STAFF_PAGE_SIZE)}
            onChange={(page) => setFilters((f) => ({ ...f, page }))}
            label="Project pages"
          />
        </>
      )}
    </Stack>
  )
}
