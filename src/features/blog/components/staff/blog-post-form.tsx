import {
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core'
import type { CreateBlogPostInput, StaffBlogPost } from '@/contract/blog-staff'
import { useBlogOptions } from '../../api/get-staff-blog-posts'
import { fromLocalInput, toLocalInput, useFormState } from '@/components/staff/form-state'
import { ContentForm } from '@/components/staff/content-form'
import { RecordSelect } from '@/components/staff/content-fields'
import { HtmlEditor } from '@/components/staff/html-editor'
import { ImageField } from '@/components/staff/image-field'

type Values = CreateBlogPostInput

function initialValues(post?: StaffBlogPost): Values {
  return {
    title: post?.title ?? '',
    slug: post?.slug ?? null,
    excerpt: post?.excerpt ?? '',
    content: post?.content ?? '',
    featured_image: post?.featured_image ?? null,
    category_id: post?.category_id ?? null,
    author_id: post?.author_id ?? null,
    read_time: post?.read_time ?? null,
    is_featured: post?.is_featured ?? false,
    tags: post?.tags ?? [],
    published_at: post?.published_at ?? null,
  }
}

/** Creates or edits a blog post; the server's field errors show on their fields and the input stays. */
export function BlogPostForm({
  post,
  submitLabel,
  pending,
  onSubmit,
}: {
  post?: StaffBlogPost
  submitLabel: string
  pending: boolean
  onSubmit: (values: Values) => Promise<void>
}) {
  const { values, set, errors, failure, run, field, nullableField } = useFormState<Values>(() =>
    initialValues(post),
  )
  const options = useBlogOptions()
  return (
    <ContentForm
      failure={failure}
      pending={pending}
      submitLabel={submitLabel}
      onSubmit={() => void run(() => onSubmit(values), { title: true, content: true })}
    >
      <TextInput label="Title" required {...field('title')} maxLength={200} />
      <TextInput
        label="Address"
        description="The end of /blog/…: lower-case letters, digits and hyphens. Blank: made from the title."
        {...nullableField('slug')}
        maxLength={120}
      />
      <Textarea
        label="Excerpt"
        description="One or two sentences for the list and link previews"
        {...field('excerpt')}
        autosize
        minRows={2}
        maxLength={500}
      />
      <HtmlEditor
        label="Body"
        required
        value={values.content}
        onChange={(v) => set('content', v)}
        error={errors.content}
      />
      <ImageField
        label="Cover image"
        value={values.featured_image}
        onChange={(v) => set('featured_image', v)}
        error={errors.featured_image}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <RecordSelect
          label="Category"
          options={options.data?.categories}
          value={values.category_id}
          onChange={(v) => set('category_id', v)}
          error={errors.category_id}
        />
        <Select
          label="Author"
          placeholder="None"
          data={(options.data?.authors ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
          value={values.author_id === null ? null : String(values.author_id)}
          onChange={(v) => set('author_id', v ? Number(v) : null)}
          clearable
          searchable
          error={errors.author_id}
        />
        <NumberInput
          label="Read time (minutes)"
          placeholder="5 (default)"
          min={1}
          max={240}
          allowDecimal={false}
          value={values.read_time ?? ''}
          onChange={(v) => set('read_time', typeof v === 'number' ? v : null)}
          error={errors.read_time}
        />
      </SimpleGrid>
      <TagsInput
        label="Tags"
        description="Press Enter after each tag"
        value={values.tags}
        onChange={(tags) => set('tags', tags)}
        maxTags={20}
        error={errors.tags}
      />
      <Group align="flex-end" gap="lg">
        <TextInput
          label="Publication time"
          description="Blank: when it is published. A later time schedules it."
          type="datetime-local"
          value={toLocalInput(values.published_at)}
          onChange={(e) => set('published_at', fromLocalInput(e.currentTarget.value))}
          error={errors.published_at}
        />
        <Checkbox
          label="Featured"
          checked={values.is_featured}
          onChange={(e) => set('is_featured', e.currentTarget.checked)}
          mb={8}
        />
      </Group>
    </ContentForm>
  )
}
