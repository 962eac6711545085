import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core'
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import { staffMessages } from '@/contract/staff'
import { staffContentMessages } from '@/contract/content-staff'
import { ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import type { ContentKindPath } from './content-list'
import { PublicationBadge } from './publication-badge'

const errorText = (error: unknown) => (error instanceof Error ? error.message : staffMessages.saveFailed)

/** The way back to a content list. */
function BackLink({ kind, label }: { kind: ContentKindPath; label: string }) {
  return (
    <Anchor component={Link} to={`/staff/content/${kind}`} size="sm">
      ← {label}
    </Anchor>
  )
}

/** The frame of a new entry's page: the way back, the title and the form. */
export function NewContentEntry({
  kind,
  backLabel,
  title,
  children,
}: {
  kind: ContentKindPath
  backLabel: string
  title: string
  children: ReactNode
}) {
  return (
    <Stack gap="md">
      <BackLink kind={kind} label={backLabel} />
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  )
}

/**
 * The frame of one entry's page: loading and error states, its name and publication badge, where the
 * public sees it, the Publish / Unpublish button, and the form (renewed after each save).
 */
export function ContentEntry<Item extends { id: number; is_active: boolean }, Changes>({
  kind,
  backLabel,
  loadingLabel,
  entry,
  publish,
  update,
  title,
  note,
  children,
}: {
  kind: ContentKindPath
  backLabel: string
  loadingLabel: string
  entry: UseQueryResult<Item>
  publish: UseMutationResult<Item, Error, { id: number; published: boolean }>
  update: UseMutationResult<Item, Error, { id: number; changes: Changes }>
  title: (item: Item) => string
  /** Where visitors see it (or that they do not). */
  note: (item: Item) => ReactNode
  /** The form, given how to save (then it is renewed from the saved entry). */
  children: (
    item: Item,
    save: { submitLabel: string; pending: boolean; onSubmit: (changes: Changes) => Promise<void> },
  ) => ReactNode
}) {
  const [version, setVersion] = useState(0)
  if (entry.isPending) return <LoadingPanel label={loadingLabel} />
  if (entry.isError)
    return <ErrorPanel message={errorText(entry.error)} onRetry={() => void entry.refetch()} />
  const item = entry.data
  async function togglePublished() {
    try {
      await publish.mutateAsync({ id: item.id, published: !item.is_active })
      toast.success(item.is_active ? staffContentMessages.unpublished : staffContentMessages.published, 3000)
    } catch (error) {
      toast.error(errorText(error), 5000)
    }
  }
  return (
    <Stack gap="md">
      <BackLink kind={kind} label={backLabel} />
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2} size="h3">
              {title(item)}
            </Title>
            <PublicationBadge state={item.is_active ? 'published' : 'unpublished'} />
          </Group>
          <Text size="sm" c="dimmed">
            {note(item)}
          </Text>
        </Stack>
        <Button
          variant={item.is_active ? 'default' : 'filled'}
          color={item.is_active ? undefined : 'green'}
          loading={publish.isPending}
          onClick={() => void togglePublished()}
        >
          {item.is_active ? 'Unpublish' : 'Publish'}
        </Button>
      </Group>
      <div key={version}>
        {children(item, {
          submitLabel: 'Save changes',
          pending: update.isPending,
          onSubmit: async (changes) => {
            await update.mutateAsync({ id: item.id, changes })
            toast.success(staffContentMessages.saved, 3000)
            setVersion((v) => v + 1)
          },
        })}
      </div>
    </Stack>
  )
}
