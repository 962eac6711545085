import { Text } from '@mantine/core'
import { POST_STATUSES, type PostStatus } from '@/contract/blog'
import { formatDateTime } from '@/lib/format'
import {
  blogPostQuery,
  useBlogOptions,
  useStaffBlogPosts,
  type StaffBlogPostFilters,
} from '../../api/get-staff-blog-posts'
import { FilterSelect } from '@/components/staff/list-toolbar'
import { useListFilters } from '@/components/staff/staff-list'
import { ContentLink, ContentList } from '@/components/staff/content-list'
import { PublicationBadge, postState } from '@/components/staff/publication-badge'

const SORTS = [
  { value: 'updated', label: 'Recently updated' },
  { value: 'newest', label: 'Newest' },
  { value: 'published', label: 'Publication time' },
  { value: 'title', label: 'Title' },
] as const

/** Every blog post, drafts included: search, filters, sorting, CSV, and the way to a new post. */
export function BlogPostsPage() {
  const { filters, change, setPage } = useListFilters<StaffBlogPostFilters>({
    page: 1,
    search: '',
    sort: 'updated',
  })
  const options = useBlogOptions()
  return (
    <ContentList
      kind="blog"
      noun={{ one: 'post', many: 'posts' }}
      filters={filters}
      onChange={change}
      onPage={setPage}
      sorts={SORTS}
      exportFrom={{
        path: '/api/staff/content/blog-posts/',
        query: blogPostQuery(filters),
        name: 'blog-posts',
      }}
      filterControls={
        <>
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
        </>
      }
      list={useStaffBlogPosts(filters)}
      minWidth={760}
      columns={[
        {
          header: 'Post',
          cell: (p) => (
            <>
              <ContentLink kind="blog" id={p.id}>
                {p.title}
              </ContentLink>
              <Text size="xs" c="dimmed">
                /blog/{p.slug}
              </Text>
            </>
          ),
        },
        { header: 'Status', cell: (p) => <PublicationBadge state={postState(p)} /> },
        { header: 'Category', cell: (p) => p.category ?? '—' },
        { header: 'Author', cell: (p) => p.author ?? '—' },
        { header: 'Views', cell: (p) => p.views },
        { header: 'Updated', cell: (p) => formatDateTime(p.updated_at) },
      ]}
    />
  )
}
