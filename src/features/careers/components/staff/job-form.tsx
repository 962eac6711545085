import { Checkbox, Select, SimpleGrid, TagsInput, Textarea, TextInput } from '@mantine/core'
import {
  EXPERIENCE_LEVEL_LABELS,
  EXPERIENCE_LEVELS,
  JOB_TYPE_LABELS,
  JOB_TYPES,
  WORK_FROM,
  WORK_FROM_LABELS,
} from '@/contract/careers'
import type { CreateJobInput, StaffJob } from '@/contract/careers-staff'
import { ContentForm } from '@/components/staff/content-form'
import { useFormState } from '@/components/staff/form-state'
import { HtmlEditor } from '@/components/staff/html-editor'

type Values = CreateJobInput

/** Skills are kept as given (a list or one comma-separated text); the form edits them as a list. */
const skillList = (skills: string[] | string) =>
  Array.isArray(skills)
    ? skills
    : skills
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)

function initialValues(job?: StaffJob): Values {
  return {
    title: job?.title ?? '',
    slug: job?.slug ?? null,
    category: job?.category ?? '',
    department: job?.department ?? '',
    location: job?.location ?? '',
    job_type: job?.job_type ?? 'full-time',
    work_from: job?.work_from ?? 'onsite',
    experience_level: job?.experience_level ?? 'mid',
    description: job?.description ?? '',
    job_description: job?.job_description ?? '',
    requirements: job?.requirements ?? '',
    responsibilities: job?.responsibilities ?? '',
    benefits: job?.benefits ?? '',
    skills: job ? skillList(job.skills) : [],
    salary_range: job?.salary_range ?? '',
    is_featured: job?.is_featured ?? false,
    application_deadline: job?.application_deadline ?? null,
  }
}

/** Creates or edits a job; the server's field errors show on their fields and the input stays. */
export function JobForm({
  job,
  submitLabel,
  pending,
  onSubmit,
}: {
  job?: StaffJob
  submitLabel: string
  pending: boolean
  onSubmit: (values: Values) => Promise<void>
}) {
  const { values, set, errors, failure, run, field, nullableField } = useFormState<Values>(() =>
    initialValues(job),
  )
  const lines = (key: 'requirements' | 'responsibilities' | 'benefits', label: string) => (
    <Textarea
      label={label}
      description="One item per line"
      value={values[key]}
      onChange={(e) => set(key, e.currentTarget.value)}
      error={errors[key]}
      autosize
      minRows={3}
    />
  )
  return (
    <ContentForm
      failure={failure}
      pending={pending}
      submitLabel={submitLabel}
      onSubmit={() => void run(() => onSubmit(values), { title: true })}
    >
      <TextInput label="Title" required {...field('title')} maxLength={200} />
      <TextInput
        label="Address"
        description="The end of /careers/…: lower-case letters, digits and hyphens. Blank: made from the title."
        {...nullableField('slug')}
        maxLength={120}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label="Type"
          data={JOB_TYPES.map((t) => ({ value: t, label: JOB_TYPE_LABELS[t] }))}
          value={values.job_type}
          onChange={(v) => v && set('job_type', v as Values['job_type'])}
          allowDeselect={false}
          error={errors.job_type}
        />
        <Select
          label="Level"
          data={EXPERIENCE_LEVELS.map((l) => ({ value: l, label: EXPERIENCE_LEVEL_LABELS[l] }))}
          value={values.experience_level}
          onChange={(v) => v && set('experience_level', v as Values['experience_level'])}
          allowDeselect={false}
          error={errors.experience_level}
        />
        <Select
          label="Work place"
          data={WORK_FROM.map((w) => ({ value: w, label: WORK_FROM_LABELS[w] }))}
          value={values.work_from}
          onChange={(v) => v && set('work_from', v as Values['work_from'])}
          allowDeselect={false}
          error={errors.work_from}
        />
        <TextInput label="Department" {...field('department')} />
        <TextInput label="Category" {...field('category')} />
        <TextInput label="Location" {...field('location')} />
        <TextInput
          label="Salary range"
          placeholder="EGP 60,000 - 85,000 / month"
          {...field('salary_range')}
        />
        <TextInput
          label="Application deadline"
          type="date"
          value={values.application_deadline ?? ''}
          onChange={(e) => set('application_deadline', e.currentTarget.value || null)}
          error={errors.application_deadline}
        />
        <Checkbox
          label="Featured"
          checked={values.is_featured}
          onChange={(e) => set('is_featured', e.currentTarget.checked)}
          mt={30}
        />
      </SimpleGrid>
      <Textarea
        label="Summary"
        description="The short text on the careers list"
        {...field('description')}
        autosize
        minRows={2}
      />
      <HtmlEditor
        label="Description"
        description="The longer text on the job page (optional)"
        value={values.job_description}
        onChange={(v) => set('job_description', v)}
        error={errors.job_description}
      />
      {lines('requirements', 'Requirements')}
      {lines('responsibilities', 'Responsibilities')}
      {lines('benefits', 'Benefits')}
      <TagsInput
        label="Skills"
        description="Press Enter after each skill"
        value={values.skills}
        onChange={(skills) => set('skills', skills)}
        maxTags={40}
        error={errors.skills}
      />
    </ContentForm>
  )
}
