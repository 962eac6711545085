import { Alert, Anchor, Badge, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core'
import { IconUserPlus } from '@tabler/icons-react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { STAFF_PAGE_SIZE, staffMessages } from '@/contract/staff'
import { staffClientMessages, type InviteClientInput } from '@/contract/staff-clients'
import { Pagination, pageCount } from '@/components/pagination'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { ApiError } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import { inviteClient, useClientChange } from '../api/change-client'
import { exportList } from '../api/export-list'
import { clientQuery, useStaffClients, type StaffClientFilters } from '../api/get-clients'
import { FilterSelect, ListToolbar } from './list-toolbar'

const SORTS = [
  { value: 'company', label: 'Company' },
  { value: 'newest', label: 'Newest' },
  { value: 'last_login', label: 'Last sign-in' },
] as const
const EMPTY: InviteClientInput = { email: '', first_name: '', last_name: '', company_name: '' }
const FIELDS: { key: keyof InviteClientInput; label: string }[] = [
  { key: 'company_name', label: 'Company' },
  { key: 'first_name', label: 'First name' },
  { key: 'last_name', label: 'Last name' },
  { key: 'email', label: 'Email' },
]

function InviteForm({ onInvited }: { onInvited: (id: number) => void }) {
  const [values, setValues] = useState(EMPTY)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const invite = useClientChange(inviteClient)
  async function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    try {
      const client = await invite.mutateAsync(values)
      toast.success(staffClientMessages.invited, 3000)
      onInvited(client.id)
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {}
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, list]) => [k, list[0] ?? ''])))
      setFailure(error instanceof Error ? error.message : staffMessages.saveFailed)
    }
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {FIELDS.map(({ key, label }) => (
          <TextInput
            key={key}
            label={label}
            required
            type={key === 'email' ? 'email' : 'text'}
            value={values[key]}
            onChange={(e) => {
              const value = e.currentTarget.value
              setValues((v) => ({ ...v, [key]: value }))
            }}
            error={errors[key]}
          />
        ))}
        <Text size="sm" c="dimmed">
          The invitation tells them to choose a password through password recovery, which proves the address
          is theirs.
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={invite.isPending}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** Client companies and their users. */
export function ClientsPage() {
  const [filters, setFilters] = useState<StaffClientFilters>({ page: 1, search: '', sort: 'company' })
  const [inviting, setInviting] = useState(false)
  const clients = useStaffClients(filters)
  const navigate = useNavigate()
  const change = (next: Partial<StaffClientFilters>) => setFilters((f) => ({ ...f, page: 1, ...next }))
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setInviting(true)}>
          Invite a client
        </Button>
      </Group>
      <Modal opened={inviting} onClose={() => setInviting(false)} title="Invite a client">
        <InviteForm
          onInvited={(id) => {
            setInviting(false)
            void navigate({ to: '/staff/clients/$id', params: { id: String(id) } })
          }}
        />
      </Modal>
      <ListToolbar
        searchLabel="Search clients"
        search={filters.search}
        onSearch={(search) => change({ search })}
        sort={filters.sort}
        sorts={SORTS}
        onSort={(sort) => change({ sort: sort as StaffClientFilters['sort'] })}
        onExport={() => exportList('/api/staff/clients/', clientQuery(filters), 'clients')}
      >
        <FilterSelect
          label="Account"
          value={filters.active === undefined ? undefined : String(filters.active)}
          options={[
            { value: 'true', label: 'Active' },
            { value: 'false', label: 'Deactivated' },
          ]}
          onChange={(v) => change({ active: v === undefined ? undefined : v === 'true' })}
        />
      </ListToolbar>
      {clients.isPending ? (
        <LoadingPanel />
      ) : clients.isError ? (
        <ErrorPanel message={staffMessages.loadFailed} onRetry={() => void clients.refetch()} />
      ) : clients.data.results.length === 0 ? (
        <EmptyState title="No clients" message="No client matches these filters." />
      ) : (
        <>
          <Table.ScrollContainer minWidth={800}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Company</Table.Th>
                  <Table.Th>User</Table.Th>
                  <Table.Th>Account</Table.Th>
                  <Table.Th>Projects</Table.Th>
                  <Table.Th>Apps</Table.Th>
                  <Table.Th>Last sign-in</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {clients.data.results.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>
                      <Anchor
                        renderRoot={(props) => (
                          <Link to="/staff/clients/$id" params={{ id: String(c.id) }} {...props} />
                        )}
                      >
                        {c.company_name || '(no company name)'}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {c.user.first_name} {c.user.last_name}
                      <Text size="xs" c="dimmed">
                        {c.user.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={c.user.is_active ? 'green' : 'gray'} variant="light">
                        {c.user.is_active ? 'Active' : 'Deactivated'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{c.projects_count}</Table.Td>
                    <Table.Td>{c.apps_count}</Table.Td>
                    <Table.Td>{formatDateTime(c.user.last_login_at, 'Never')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pagination
            page={filters.page}
            total={pageCount(clients.data.count, STAFF_PAGE_SIZE)}
            onChange={(page) => setFilters((f) => ({ ...f, page }))}
            label="Client pages"
          />
        </>
      )}
    </Stack>
  )
}
