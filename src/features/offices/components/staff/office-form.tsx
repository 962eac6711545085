import { NumberInput, SimpleGrid, TextInput, Textarea } from '@mantine/core'
import type { CreateOfficeInput, StaffOffice } from '@/contract/offices-staff'
import { ContentForm } from '@/components/staff/content-form'
import { PositionField } from '@/components/staff/content-fields'
import { useFormState } from '@/components/staff/form-state'

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
  const { values, set, errors, failure, run, field, nullableField } = useFormState<Values>(() => ({
    title: office?.title ?? '',
    address: office?.address ?? '',
    phone: office?.phone ?? null,
    email: office?.email ?? null,
    lat: office?.lat ?? null,
    lng: office?.lng ?? null,
    position: office?.position ?? 0,
  }))
  return (
    <ContentForm
      failure={failure}
      pending={pending}
      submitLabel={submitLabel}
      onSubmit={() => void run(() => onSubmit(values), { title: true, address: true })}
    >
      <TextInput label="Title" required {...field('title')} maxLength={200} />
      <Textarea label="Address" required autosize minRows={2} {...field('address')} maxLength={500} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Phone" {...nullableField('phone')} maxLength={40} />
        <TextInput label="E-mail" type="email" {...nullableField('email')} maxLength={254} />
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
      <PositionField
        w={320}
        description="Smaller first; the first published office is the contact page's office"
        value={values.position}
        onChange={(v) => set('position', v)}
        error={errors.position}
      />
    </ContentForm>
  )
}
