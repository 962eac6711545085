import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core'
import type { CreateOfficeInput, StaffOffice } from '@/contract/staff-content'
import { useFormState } from './form-state'

type Values = CreateOfficeInput

/** A coordinate field: blank is null (no map pin). */
const coordinate = (v: string | number) => (typeof v === 'number' ? v : null)

/** Creates or edits an office; the server's field errors show on their fields and the input stays. */
export function OfficeForm({
  office,
  submitLabel,
  pending,
  onSubmit,
}: {
  office?: StaffOffice
  submitLabel: string
  pending: boolean
  onSubmit: (values: Values) => Promise<void>
}) {
  const { values, set, errors, failure, run } = useFormState<Values>(() => ({
    title: office?.title ?? '',
    address: office?.address ?? '',
    phone: office?.phone ?? null,
    email: office?.email ?? null,
    lat: office?.lat ?? null,
    lng: office?.lng ?? null,
    position: office?.position ?? 0,
  }))
  const optional = (key: 'phone' | 'email', value: string) => set(key, value.trim() === '' ? null : value)
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void run(() => onSubmit(values), { title: true, address: true })
      }}
    >
      <Stack gap="sm">
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput
          label="Title"
          required
          value={values.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={errors.title}
          maxLength={200}
        />
        <Textarea
          label="Address"
          required
          autosize
          minRows={2}
          value={values.address}
          onChange={(e) => set('address', e.currentTarget.value)}
          error={errors.address}
          maxLength={500}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Phone"
            value={values.phone ?? ''}
            onChange={(e) => optional('phone', e.currentTarget.value)}
            error={errors.phone}
            maxLength={40}
          />
          <TextInput
            label="E-mail"
            type="email"
            value={values.email ?? ''}
            onChange={(e) => optional('email', e.currentTarget.value)}
            error={errors.email}
            maxLength={254}
          />
          <NumberInput
            label="Latitude"
            description="For the map; blank: no map"
            min={-90}
            max={90}
            decimalScale={6}
            value={values.lat ?? ''}
            onChange={(v) => set('lat', coordinate(v))}
            error={errors.lat}
          />
          <NumberInput
            label="Longitude"
            min={-180}
            max={180}
            decimalScale={6}
            value={values.lng ?? ''}
            onChange={(v) => set('lng', coordinate(v))}
            error={errors.lng}
          />
        </SimpleGrid>
        <NumberInput
          label="Position"
          description="Smaller first; the first published office is the contact page's office"
          min={0}
          max={10_000}
          allowDecimal={false}
          value={values.position}
          onChange={(v) => set('position', typeof v === 'number' ? v : 0)}
          error={errors.position}
          w={320}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
