import { Alert, Badge, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { IconUserPlus } from '@tabler/icons-react'
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { staffMessages } from '@/contract/staff'
import { staffClientMessages, type InviteClientInput } from '@/contract/accounts-staff'
import { toast } from '@/components/toast'
import { ApiError } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import { inviteClient, useClientChange } from '../../api/change-client'
import { clientQuery, useStaffClients, type StaffClientFilters } from '../../api/get-clients'
import { FilterSelect } from '@/components/staff/list-toolbar'
import { RecordLink, StaffList, useListFilters } from '@/components/staff/staff-list'

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
export function StaffClientsPage() {
  const { filters, change, setPage } = useListFilters<StaffClientFilters>({
    page: 1,
    search: '',
    sort: 'company',
  })
  const [inviting, setInviting] = useState(false)
  const navigate = useNavigate()
  return (
    <StaffList
      noun={{ one: 'client', many: 'clients' }}
      actions={
        <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setInviting(true)}>
          Invite a client
        </Button>
      }
      filters={filters}
      onChange={change}
      onPage={setPage}
      sorts={SORTS}
      exportFrom={{ path: '/api/staff/clients/', query: clientQuery(filters), name: 'clients' }}
      filterControls={
        <FilterSelect
          label="Account"
          value={filters.active === undefined ? undefined : String(filters.active)}
          options={[
            { value: 'true', label: 'Active' },
            { value: 'false', label: 'Deactivated' },
          ]}
          onChange={(v) => change({ active: v === undefined ? undefined : v === 'true' })}
        />
      }
      list={useStaffClients(filters)}
      minWidth={800}
      columns={[
        {
          header: 'Company',
          cell: (c) => (
            <RecordLink to="/staff/clients/$id" id={c.id}>
              {c.company_name || '(no company name)'}
            </RecordLink>
          ),
        },
        {
          header: 'User',
          cell: (c) => (
            <>
              {c.user.first_name} {c.user.last_name}
              <Text size="xs" c="dimmed">
                {c.user.email}
              </Text>
            </>
          ),
        },
        { header: 'Account', cell: (c) => <AccountBadge active={c.user.is_active} /> },
        { header: 'Projects', cell: (c) => c.projects_count },
        { header: 'Apps', cell: (c) => c.apps_count },
        { header: 'Last sign-in', cell: (c) => formatDateTime(c.user.last_login_at, 'Never') },
      ]}
    >
      <Modal opened={inviting} onClose={() => setInviting(false)} title="Invite a client">
        <InviteForm
          onInvited={(id) => {
            setInviting(false)
            void navigate({ to: '/staff/clients/$id', params: { id: String(id) } })
          }}
        />
      </Modal>
    </StaffList>
  )
}

/** Whether the client's user may sign in. */
export function AccountBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light">
      {active ? 'Active' : 'Deactivated'}
    </Badge>
  )
}
