import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core'
import { useState } from 'react'
import { PROJECT_PRIORITIES, PROJECT_STATUSES } from '@/contract/portal'
import { staffMessages } from '@/contract/staff'
import type { CreateStaffProjectInput, StaffProjectDetail } from '@/contract/portal-staff'
import { statusLabel } from '@/contract/status-colours'
import { ApiError } from '@/lib/api-client'
import { useClientOptions } from '@/components/staff/api/get-options'

type Values = CreateStaffProjectInput

function initialValues(project?: StaffProjectDetail): Values {
  return {
    name: project?.name ?? '',
    key: project?.key ?? null,
    description: project?.description ?? '',
    status: (project?.status as Values['status'] | undefined) ?? 'new',
    priority: (project?.priority as Values['priority'] | undefined) ?? 'medium',
    start_date: project?.start_date ?? null,
    end_date: project?.end_date ?? null,
    progress: project?.progress ?? 0,
    total_budget: project?.total_budget ?? 0,
    website_url: project?.website_url ?? null,
    dashboard_url: project?.dashboard_url ?? null,
    clients: project?.clients.map((c) => c.id) ?? [],
  }
}

/** Creates or edits a project; the server's field errors show on their fields and the input stays. */
export function ClientProjectForm({
  project,
  submitLabel,
  pending,
  onSubmit,
}: {
  project?: StaffProjectDetail
  submitLabel: string
  pending: boolean
  onSubmit: (values: Values) => Promise<void>
}) {
  const [values, setValues] = useState<Values>(() => initialValues(project))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const clients = useClientOptions()
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors(({ [key]: _, ...rest }) => rest)
  }
  const text = (value: string) => (value.trim() === '' ? null : value.trim())

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setFailure(null)
    if (!values.name.trim()) {
      setErrors({ name: 'This field is required.' })
      return
    }
    try {
      await onSubmit(values)
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {}
      setErrors(Object.fromEntries(Object.entries(fields).map(([key, list]) => [key, list[0] ?? ''])))
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
        <TextInput
          label="Name"
          required
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
        />
        <MultiSelect
          label="Clients"
          description="The client companies that see this project in their portal"
          data={(clients.data?.results ?? []).map((c) => ({
            value: String(c.id),
            label: c.company_name || c.email,
          }))}
          value={values.clients.map(String)}
          onChange={(ids) => set('clients', ids.map(Number))}
          searchable
          error={errors.clients}
        />
        <Textarea
          label="Description"
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          autosize
          minRows={2}
          error={errors.description}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Key"
            value={values.key ?? ''}
            onChange={(e) => set('key', text(e.currentTarget.value))}
            error={errors.key}
          />
          <Select
            label="Status"
            data={PROJECT_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
            value={values.status}
            onChange={(v) => v && set('status', v as Values['status'])}
            allowDeselect={false}
          />
          <Select
            label="Priority"
            data={PROJECT_PRIORITIES.map((s) => ({ value: s, label: statusLabel(s) }))}
            value={values.priority}
            onChange={(v) => v && set('priority', v as Values['priority'])}
            allowDeselect={false}
          />
          <TextInput
            label="Start date"
            type="date"
            value={values.start_date ?? ''}
            onChange={(e) => set('start_date', text(e.currentTarget.value))}
            error={errors.start_date}
          />
          <TextInput
            label="End date"
            type="date"
            value={values.end_date ?? ''}
            onChange={(e) => set('end_date', text(e.currentTarget.value))}
            error={errors.end_date}
          />
          <NumberInput
            label="Progress (%)"
            min={0}
            max={100}
            value={values.progress}
            onChange={(v) => set('progress', typeof v === 'number' ? v : 0)}
            error={errors.progress}
          />
          <NumberInput
            label="Budget (USD)"
            min={0}
            decimalScale={2}
            value={values.total_budget}
            onChange={(v) => set('total_budget', typeof v === 'number' ? v : 0)}
            error={errors.total_budget}
          />
          <TextInput
            label="Website"
            value={values.website_url ?? ''}
            onChange={(e) => set('website_url', text(e.currentTarget.value))}
            error={errors.website_url}
          />
          <TextInput
            label="Dashboard"
            value={values.dashboard_url ?? ''}
            onChange={(e) => set('dashboard_url', text(e.currentTarget.value))}
            error={errors.dashboard_url}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
