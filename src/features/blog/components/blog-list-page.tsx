import { Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { BLOG_PAGE_SIZE, blogMessages, FEATURED_POSTS_SHOWN } from '@/contract/blog'
import { PageHeader } from '@/components/page-header'
import { pageCount, Pagination } from '@/components/pagination'
import { SearchFilterBar } from '@/components/search-filter-bar'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { useUrlSearchBox } from '@/lib/use-url-search-box'
import { useBlogCategories } from '../api/get-blog-categories'
import { useBlogPosts } from '../api/get-blog-posts'
import { useFeaturedBlogPosts } from '../api/get-featured-blog-posts'
import { BlogPostCard } from './blog-post-card'

export interface BlogFilters {
  category?: string | undefined
  search?: string | undefined
  page?: number | undefined
}

interface BlogListPageProps {
  filters: BlogFilters
  /** Replaces the filters (kept in the URL by the route); typing replaces the history entry. */
  onChange: (next: BlogFilters, options?: { replace?: boolean }) => void
  /** The newsletter form (the newsletter feature), composed by the route under the list. */
  newsletter: ReactNode
}

/** /blog: search, category buttons, featured posts, the article grid, pagination and the newsletter. */
export function BlogListPage({ filters, onChange, newsletter }: BlogListPageProps) {
  const page = filters.page ?? 1
  const category = filters.category || undefined
  const search = filters.search?.trim() || undefined
  const searchBox = useUrlSearchBox(filters.search, (text, ...options) =>
    onChange({ category, search: text, page: 1 }, ...options),
  )

  const categories = useBlogCategories()
  const posts = useBlogPosts({ category, search, page })
  // The featured row shows only for all categories and an empty search (spec 000 §2).
  const showFeatured = !category && !search
  const featured = useFeaturedBlogPosts(showFeatured)
  const featuredPosts = showFeatured ? (featured.data ?? []).slice(0, FEATURED_POSTS_SHOWN) : []

  const filtered = Boolean(category || search)
  function clearFilters() {
    searchBox.clear()
    onChange({ page: 1 })
  }
  function chooseCategory(slug: string | undefined) {
    onChange({ category: slug, search, page: 1 })
  }
  function goToPage(next: number) {
    onChange({ category, search, page: next })
    window.scrollTo({ top: 0, behavior: 'smooth' })
  }

  const categoryName = categories.data?.find((c) => c.slug === category)?.name
  const data = posts.data

  return (
    <Container size="lg" py={{ base: 40, md: 64 }}>
      <Stack gap={40}>
        <PageHeader eyebrow="Blog" title="Insights from Our Team">
          Practical articles on building, securing and running software, from the engineers, designers and
          security specialists who do it every day.
        </PageHeader>

        <SearchFilterBar
          searchLabel="Search articles"
          search={searchBox.text}
          onSearchChange={searchBox.change}
          onSearchSubmit={searchBox.submit}
          filterLabel="Filter by category"
          allLabel="All Posts"
          options={(categories.data ?? []).map((c) => ({ value: c.slug, label: c.name }))}
          selected={category}
          onSelect={chooseCategory}
          centred
        />

        {featuredPosts.length > 0 && (
          <Stack gap="md" component="section" aria-labelledby="featured-posts">
            <Title order={2} size="h3" id="featured-posts">
              Featured Posts
            </Title>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              {featuredPosts.map((post, index) => (
                <BlogPostCard key={post.id} post={post} deferred={index >= 2} />
              ))}
            </SimpleGrid>
          </Stack>
        )}

        <Stack gap="md" component="section" aria-labelledby="all-posts">
          <Group justify="space-between" align="baseline">
            <Title order={2} size="h3" id="all-posts">
              {search ? `Results for "${search}"` : (categoryName ?? 'Latest Articles')}
            </Title>
            {data && data.count > 0 && (
              <Text size="sm" c="dimmed">
                {data.count} {data.count === 1 ? 'article' : 'articles'}
              </Text>
            )}
          </Group>
          {posts.isPending ? (
            <LoadingPanel label="Loading articles..." />
          ) : !data ? (
            <ErrorPanel message={blogMessages.fetchData} />
          ) : data.results.length === 0 ? (
            <EmptyState
              title="No articles found"
              message={filtered ? 'Try another search or category.' : 'There are no published articles yet.'}
              action={filtered ? <Button onClick={clearFilters}>Clear Filters</Button> : undefined}
            />
          ) : (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-busy={posts.isPlaceholderData}>
                {data.results.map((post, index) => (
                  <BlogPostCard key={post.id} post={post} deferred={featuredPosts.length > 0 || index >= 3} />
                ))}
              </SimpleGrid>
              <Pagination
                page={page}
                total={pageCount(data.count, BLOG_PAGE_SIZE)}
                onChange={goToPage}
                label="Blog pages"
              />
            </>
          )}
        </Stack>

        {newsletter}
      </Stack>
    </Container>
  )
}
