import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { POST_STATUSES, type PostStatus } from '@/contract/blog'
import { STAFF_PAGE_SIZE, staffMessages } from '@/contract/staff'
import { Pagination, pageCount } from '@/components/pagination'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { formatDateTime } from '@/lib/format'
import { exportList } from '../../api/export-list'
import {
  blogPostQuery,
  useBlogOptions,
  useStaffBlogPosts,
  type StaffBlogPostFilters,
} from '../../api/get-blog-posts'
import { FilterSelect, ListToolbar } from '../list-toolbar'
import { PublicationBadge, postState } from './publication-badge'

const SORTS = [
  { value: 'updated', label: 'Recently updated' },
  { value: 'newest', label: 'Newest' },
  { value: 'published', label: 'Publication time' },
  { value: 'title', label: 'Title' },
] as const

/** Every blog post, drafts included: search, filters, sorting, CSV, and the way to a new post. */
export function BlogPostsPage() {
  const [filters, setFilters] = useState<StaffBlogPostFilters>({ page: 1, search: '', sort: 'updated' })
  const posts = useStaffBlogPosts(filters)
  const options = useBlogOptions()
  const change = (next: Partial<StaffBlogPostFilters>) => setFilters((f) => ({ ...f, page: 1, ...next }))
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button
          component={Link}
          to="/staff/content/blog/new"
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          New post
        </Button>
      </Group>
      <ListToolbar
        searchLabel="Search posts"
        search={filters.search}
        onSearch={(search) => change({ search })}
        sort={filters.sort}
        sorts={SORTS}
        onSort={(sort) => change({ sort: sort as StaffBlogPostFilters['sort'] })}
        onExport={() => exportList('/api/staff/content/blog-posts/', blogPostQuery(filters), 'blog-posts')}
      >
        <FilterSelect
          label="Status"
          value={filters.status}
          options={POST_STATUSES.map((s) => ({ value: s, label: s === 'draft' ? 'Draft' : 'Published' }))}
          onChange={(v) => change({ status: v as PostStatus | undefined })}
        />
        <FilterSelect
          label="Category"
          value={filters.category?.toString()}
          options={(options.data?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          onChange={(v) => change({ category: v ? Number(v) : undefined })}
        />
      </ListToolbar>
      {posts.isPending ? (
        <LoadingPanel label="Loading posts..." />
      ) : posts.isError ? (
        <ErrorPanel message={staffMessages.loadFailed} onRetry={() => void posts.refetch()} />
      ) : posts.data.results.length === 0 ? (
        <EmptyState title="No posts" message="No post matches these filters." />
      ) : (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Post</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>Author</Table.Th>
                  <Table.Th>Views</Table.Th>
                  <Table.Th>Updated</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {posts.data.results.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Anchor
                        renderRoot={(props) => (
                          <Link to="/staff/content/blog/$id" params={{ id: String(p.id) }} {...props} />
                        )}
                      >
                        {p.title}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        /blog/{p.slug}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <PublicationBadge state={postState(p)} />
                    </Table.Td>
                    <Table.Td>{p.category ?? '—'}</Table.Td>
                    <Table.Td>{p.author ?? '—'}</Table.Td>
                    <Table.Td>{p.views}</Table.Td>
                    <Table.Td>{formatDateTime(p.updated_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pagination
            page={filters.page}
            total={pageCount(posts.data.count, STAFF_PAGE_SIZE)}
            onChange={(page) => setFilters((f) => ({ ...f, page }))}
            label="Post pages"
          />
        </>
      )}
    </Stack>
  )
}
