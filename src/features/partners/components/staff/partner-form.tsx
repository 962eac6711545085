import { TextInput } from '@mantine/core'
import type { CreatePartnerInput, StaffPartner } from '@/contract/partners-staff'
import { ContentForm } from '@/components/staff/content-form'
import { PositionField } from '@/components/staff/content-fields'
import { useFormState } from '@/components/staff/form-state'
import { ImageField } from '@/components/staff/image-field'

type Values = CreatePartnerInput

/** Creates or edits a partner; the server's field errors show on their fields and the input stays. */
export function PartnerForm({
  partner,
  submitLabel,
  pending,
  onSubmit,
}: {
  partner?: StaffPartner
  submitLabel: string
  pending: boolean
  onSubmit: (values: Values) => Promise<void>
}) {
  const { values, set, errors, failure, run, field, nullableField } = useFormState<Values>(() => ({
    name: partner?.name ?? '',
    image: partner?.image ?? null,
    website: partner?.website ?? null,
    position: partner?.position ?? 0,
  }))
  return (
    <ContentForm
      failure={failure}
      pending={pending}
      submitLabel={submitLabel}
      onSubmit={() => void run(() => onSubmit(values), { name: true })}
    >
      <TextInput label="Name" required {...field('name')} maxLength={200} />
      <TextInput label="Website" placeholder="https://" {...nullableField('website')} maxLength={500} />
      <ImageField label="Logo" value={values.image} onChange={(v) => set('image', v)} error={errors.image} />
      <PositionField
        w={200}
        description="Smaller first on /partners"
        value={values.position}
        onChange={(v) => set('position', v)}
        error={errors.position}
      />
    </ContentForm>
  )
}
