import { Alert, Button, Group, NumberInput, Stack, TextInput } from '@mantine/core'
import type { CreatePartnerInput, StaffPartner } from '@/contract/staff-content'
import { useFormState } from './form-state'
import { ImageField } from './image-field'

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
  const { values, set, errors, failure, run } = useFormState<Values>(() => ({
    name: partner?.name ?? '',
    image: partner?.image ?? null,
    website: partner?.website ?? null,
    position: partner?.position ?? 0,
  }))
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void run(() => onSubmit(values), { name: true })
      }}
    >
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
          maxLength={200}
        />
        <TextInput
          label="Website"
          placeholder="https://"
          value={values.website ?? ''}
          onChange={(e) => set('website', e.currentTarget.value.trim() === '' ? null : e.currentTarget.value)}
          error={errors.website}
          maxLength={500}
        />
        <ImageField
          label="Logo"
          value={values.image}
          onChange={(v) => set('image', v)}
          error={errors.image}
        />
        <NumberInput
          label="Position"
          description="Smaller first on /partners"
          min={0}
          max={10_000}
          allowDecimal={false}
          value={values.position}
          onChange={(v) => set('position', typeof v === 'number' ? v : 0)}
          error={errors.position}
          w={200}
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
