import { Checkbox, NumberInput, Select, SimpleGrid, TagsInput, Textarea, TextInput } from '@mantine/core'
import { services, type ServiceSlug } from '@/contract/services'
import { OFFER_PRICE_MAX, type CreateOfferInput, type StaffOffer } from '@/contract/offers-staff'
import { fromLocalInput, toLocalInput, useFormState } from '@/components/staff/form-state'
import { ContentForm } from '@/components/staff/content-form'
import { PositionField } from '@/components/staff/content-fields'

/** The form's values: the service starts unchosen. */
type Values = Omit<CreateOfferInput, 'service_type'> & { service_type: ServiceSlug | null }

function initialValues(offer?: StaffOffer): Values {
  return {
    title: offer?.title ?? '',
    service_type: (offer?.service_type as ServiceSlug | undefined) ?? null,
    description: offer?.description ?? '',
    price: offer?.price ?? 0,
    original_price: offer?.original_price ?? null,
    currency: offer?.currency ?? 'USD',
    features: offer?.features ?? [],
    is_featured: offer?.is_featured ?? false,
    valid_from: offer?.valid_from,
    valid_until: offer?.valid_until ?? null,
    position: offer?.position ?? 0,
  }
}

/** Creates or edits an offer; the server's field errors show on their fields and the input stays. */
export function OfferForm({
  offer,
  submitLabel,
  pending,
  onSubmit,
}: {
  offer?: StaffOffer
  submitLabel: string
  pending: boolean
  onSubmit: (values: CreateOfferInput) => Promise<void>
}) {
  const { values, set, errors, failure, run, field } = useFormState<Values>(() => initialValues(offer))
  return (
    <ContentForm
      failure={failure}
      pending={pending}
      submitLabel={submitLabel}
      onSubmit={() =>
        void run(
          async () => {
            if (!values.service_type) throw new Error('Choose a service of the catalogue.')
            await onSubmit({ ...values, service_type: values.service_type })
          },
          { title: true, service_type: true },
        )
      }
    >
      <TextInput label="Title" required {...field('title')} maxLength={200} />
      <Select
        label="Service"
        required
        placeholder="Choose a service"
        data={services.map((s) => ({ value: s.slug, label: s.title }))}
        value={values.service_type}
        onChange={(v) => set('service_type', v as ServiceSlug | null)}
        searchable
        error={errors.service_type}
      />
      <Textarea label="Description" {...field('description')} autosize minRows={2} maxLength={2000} />
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        <NumberInput
          label="Price"
          required
          min={0}
          max={OFFER_PRICE_MAX}
          decimalScale={2}
          value={values.price}
          onChange={(v) => set('price', typeof v === 'number' ? v : 0)}
          error={errors.price}
        />
        <NumberInput
          label="Original price"
          description="Higher than the price: shown as a discount"
          min={0}
          max={OFFER_PRICE_MAX}
          decimalScale={2}
          value={values.original_price ?? ''}
          onChange={(v) => set('original_price', typeof v === 'number' ? v : null)}
          error={errors.original_price}
        />
        <Select
          label="Currency"
          data={['USD', 'EGP']}
          value={values.currency}
          onChange={(v) => v && set('currency', v as Values['currency'])}
          allowDeselect={false}
        />
        <PositionField
          description="Smaller first"
          value={values.position}
          onChange={(v) => set('position', v)}
          error={errors.position}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Valid from"
          description="Blank: from now"
          type="datetime-local"
          value={toLocalInput(values.valid_from ?? null)}
          onChange={(e) => set('valid_from', fromLocalInput(e.currentTarget.value) ?? undefined)}
          error={errors.valid_from}
        />
        <TextInput
          label="Valid until"
          description="Blank: no end"
          type="datetime-local"
          value={toLocalInput(values.valid_until)}
          onChange={(e) => set('valid_until', fromLocalInput(e.currentTarget.value))}
          error={errors.valid_until}
        />
      </SimpleGrid>
      <TagsInput
        label="Features"
        description="Press Enter after each feature"
        value={values.features}
        onChange={(features) => set('features', features)}
        maxTags={20}
        error={errors.features}
      />
      <Checkbox
        label="Featured"
        checked={values.is_featured}
        onChange={(e) => set('is_featured', e.currentTarget.checked)}
      />
    </ContentForm>
  )
}
