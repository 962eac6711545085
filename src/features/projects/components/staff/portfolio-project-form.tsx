import { NumberInput, SimpleGrid, TagsInput, Textarea, TextInput } from '@mantine/core'
import type { CreatePublicProjectInput, StaffPublicProject } from '@/contract/projects-staff'
import { usePortfolioProjectOptions } from '../../api/staff-portfolio-projects'
import { ContentForm } from '@/components/staff/content-form'
import { PositionField, RecordSelect } from '@/components/staff/content-fields'
import { useFormState } from '@/components/staff/form-state'
import { ImageField } from '@/components/staff/image-field'
import { ScreenshotsField } from '@/components/staff/screenshots-field'

type Values = CreatePublicProjectInput

const initialValues = (p: StaffPublicProject | undefined): Values => ({
  name: p?.name ?? '',
  key: p?.key ?? null,
  short_description: p?.short_description ?? '',
  description: p?.description ?? '',
  type: p?.type ?? null,
  year: p?.year ?? null,
  order: p?.order ?? 100,
  start_date: p?.start_date ?? null,
  logo: p?.logo ?? null,
  banner_image: p?.banner_image ?? null,
  android_url: p?.android_url ?? null,
  ios_url: p?.ios_url ?? null,
  website_url: p?.website_url ?? null,
  category_id: p?.category_id ?? null,
  tech_tools: p?.tech_tools ?? [],
  images: p?.images ?? [],
})

/** The first error the server gave for a list field or one of its items (`images.2`). */
const listError = (errors: Record<string, string>, key: string) =>
  errors[key] ?? Object.entries(errors).find(([k]) => k.startsWith(`${key}.`))?.[1]

/** Creates or edits a portfolio project; the server's field errors show on their fields and the input stays. */
export function PortfolioProjectForm({
  project,
  submitLabel,
  pending,
  onSubmit,
}: {
  project?: StaffPublicProject
  submitLabel: string
  pending: boolean
  onSubmit: (values: Values) => Promise<void>
}) {
  const options = usePortfolioProjectOptions()
  const { values, set, errors, failure, run, field, nullableField } = useFormState<Values>(() =>
    initialValues(project),
  )
  return (
    <ContentForm
      failure={failure}
      pending={pending}
      submitLabel={submitLabel}
      onSubmit={() => void run(() => onSubmit(values), { name: true })}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Name" required {...field('name')} maxLength={200} />
        <TextInput
          label="Key"
          description="The page's address /projects/{key}; blank: made from the name"
          maxLength={60}
          {...nullableField('key')}
        />
      </SimpleGrid>
      <TextInput
        label="Short description"
        description="Shown on the card"
        {...field('short_description')}
        maxLength={300}
      />
      <Textarea label="Description" autosize minRows={4} {...field('description')} maxLength={10_000} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <RecordSelect
          label="Profile"
          options={options.data?.categories}
          value={values.category_id}
          onChange={(v) => set('category_id', v)}
          error={errors.category_id}
        />
        <TextInput label="Type" placeholder="Application" maxLength={100} {...nullableField('type')} />
        <NumberInput
          label="Year"
          min={1990}
          max={2100}
          allowDecimal={false}
          value={values.year ?? ''}
          onChange={(v) => set('year', typeof v === 'number' ? v : null)}
          error={errors.year}
        />
        <PositionField
          label="Order"
          fallback={100}
          description="Smaller first; 3 or lower is Featured"
          value={values.order}
          onChange={(v) => set('order', v)}
          error={errors.order}
        />
        <TextInput label="Start date" type="date" {...nullableField('start_date')} />
      </SimpleGrid>
      <TagsInput
        label="Technologies"
        description="Press Enter after each; a new name becomes a new tool"
        data={options.data?.tech_tools ?? []}
        value={values.tech_tools}
        onChange={(tools) => set('tech_tools', tools)}
        maxTags={30}
        error={listError(errors, 'tech_tools')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="Website" placeholder="https://" maxLength={500} {...nullableField('website_url')} />
        <TextInput
          label="Google Play"
          placeholder="https://"
          maxLength={500}
          {...nullableField('android_url')}
        />
        <TextInput label="App Store" placeholder="https://" maxLength={500} {...nullableField('ios_url')} />
      </SimpleGrid>
      <ImageField label="Logo" value={values.logo} onChange={(v) => set('logo', v)} error={errors.logo} />
      <ImageField
        label="Banner image"
        value={values.banner_image}
        onChange={(v) => set('banner_image', v)}
        error={errors.banner_image}
      />
      <ScreenshotsField
        label="Screenshots"
        value={values.images}
        onChange={(images) => set('images', images)}
        error={listError(errors, 'images')}
        max={30}
      />
    </ContentForm>
  )
}
