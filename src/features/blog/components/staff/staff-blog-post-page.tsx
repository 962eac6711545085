import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { staffMessages } from '@/contract/staff'
import { staffContentMessages } from '@/contract/content-staff'
import { ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { formatDateTime } from '@/lib/format'
import {
  createBlogPost,
  setBlogPostPublished,
  updateBlogPost,
  useBlogPostChange,
} from '../../api/change-blog-post'
import { useStaffBlogPost } from '../../api/get-staff-blog-posts'
import { BlogPostForm } from './blog-post-form'
import { PublicationBadge, postState } from '@/components/staff/publication-badge'

const errorText = (error: unknown) => (error instanceof Error ? error.message : staffMessages.saveFailed)

/** A new post: saved as a draft, then opened for editing and publishing. */
export function NewBlogPostPage() {
  const create = useBlogPostChange(createBlogPost)
  const navigate = useNavigate()
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/staff/content/blog" size="sm">
        ← All posts
      </Anchor>
      <Title order={2} size="h3">
        New blog post
      </Title>
      <BlogPostForm
        submitLabel="Create draft"
        pending={create.isPending}
        onSubmit={async (values) => {
          const post = await create.mutateAsync(values)
          toast.success(staffContentMessages.postCreated, 3000)
          await navigate({ to: '/staff/content/blog/$id', params: { id: String(post.id) } })
        }}
      />
    </Stack>
  )
}

/** One post: its state, publish or unpublish, and the form. */
export function StaffBlogPostPage({ id }: { id: number }) {
  const post = useStaffBlogPost(id)
  const update = useBlogPostChange(updateBlogPost)
  const publish = useBlogPostChange(setBlogPostPublished)
  // A saved form starts again from what the server stored (its cleaned HTML); publishing keeps edits.
  const [version, setVersion] = useState(0)
  if (post.isPending) return <LoadingPanel label="Loading post..." />
  if (post.isError) return <ErrorPanel message={errorText(post.error)} onRetry={() => void post.refetch()} />
  const p = post.data
  const state = postState(p)
  async function togglePublished() {
    try {
      await publish.mutateAsync({ id: p.id, published: p.status === 'draft' })
      toast.success(
        p.status === 'draft' ? staffContentMessages.published : staffContentMessages.unpublished,
        3000,
      )
    } catch (error) {
      toast.error(errorText(error), 5000)
    }
  }
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/staff/content/blog" size="sm">
        ← All posts
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2} size="h3">
              {p.title}
            </Title>
            <PublicationBadge state={state} />
          </Group>
          <Text size="sm" c="dimmed">
            {state === 'draft'
              ? 'Not visible on the site.'
              : state === 'scheduled'
                ? `Shows on the site from ${formatDateTime(p.published_at)}.`
                : `On the site since ${formatDateTime(p.published_at)} · ${p.views} views · `}
            {state === 'published' && (
              <Anchor
                size="sm"
                renderRoot={(props) => <Link to="/blog/$slug" params={{ slug: p.slug }} {...props} />}
              >
                View on the site
              </Anchor>
            )}
          </Text>
        </Stack>
        <Button
          variant={p.status === 'draft' ? 'filled' : 'default'}
          color={p.status === 'draft' ? 'green' : undefined}
          loading={publish.isPending}
          onClick={() => void togglePublished()}
        >
          {p.status === 'draft' ? 'Publish' : 'Unpublish'}
        </Button>
      </Group>
      <BlogPostForm
        key={version}
        post={p}
        submitLabel="Save changes"
        pending={update.isPending}
        onSubmit={async (values) => {
          await update.mutateAsync({ id: p.id, changes: values })
          toast.success(staffContentMessages.saved, 3000)
          setVersion((v) => v + 1)
        }}
      />
    </Stack>
  )
}
