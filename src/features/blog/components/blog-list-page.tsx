import { Button, Container, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { useState, type FormEvent } from 'react'
import { BLOG_PAGE_SIZE, blogMessages, FEATURED_POSTS_SHOWN } from '@/contract/blog'
import { NewsletterForm } from '@/components/newsletter-form'
import { PageHeader } from '@/components/page-header'
import { pageCount, Pagination } from '@/components/pagination'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
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
}

/** /blog: search, category buttons, featured posts, the article grid, pagination and the newsletter. */
export function BlogListPage({ filters, onChange }: BlogListPageProps) {
  const page = filters.page ?? 1
  const category = filters.category || undefined
  const search = filters.search?.trim() || undefined
  const [text, setText] = useState(filters.search ?? '')
  const applySearch = useDebouncedCallback((value: string) => {
    onChange({ category, search: value.trim() || undefined, page: 1 }, { replace: true })
  }, 350)
  // The URL changed from outside (a link, back/forward): show its search in the box.
  const [urlSearch, setUrlSearch] = useState(filters.search)
  if (filters.search !== urlSearch) {
    setUrlSearch(filters.search)
    if ((filters.search ?? '') !== text.trim() && !applySearch.isPending()) setText(filters.search ?? '')
  }

  const categories = useBlogCategories()
  const posts = useBlogPosts({ category, search, page })
  // The featured row shows only for all categories and an empty search (spec 000 §2).
  const showFeatured = !category && !search
  const featured = useFeaturedBlogPosts(showFeatured)
  const featuredPosts = showFeatured ? (featured.data ?? []).slice(0, FEATURED_POSTS_SHOWN) : []

  const filtered = Boolean(category || search)
  function clearFilters() {
    applySearch.cancel()
    setText('')
    onChange({ page: 1 })
  }
  function chooseCategory(slug: string | undefined) {
    onChange({ category: slug, search, page: 1 })
  }
  function submitSearch(event: FormEvent) {
    event.preventDefault()
    applySearch.cancel()
    onChange({ category, search: text.trim() || undefined, page: 1 })
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

        <Stack gap="md">
          <form onSubmit={submitSearch} role="search" aria-label="Search articles">
            <TextInput
              aria-label="Search articles"
              placeholder="Search articles..."
              leftSection={<IconSearch size={16} aria-hidden />}
              value={text}
              onChange={(e) => {
                setText(e.currentTarget.value)
                applySearch(e.currentTarget.value)
              }}
              size="md"
              maw={560}
              mx="auto"
            />
          </form>
          <Group gap="xs" justify="center" role="group" aria-label="Filter by category">
            <Button
              size="sm"
              variant={category ? 'default' : 'filled'}
              aria-pressed={!category}
              onClick={() => chooseCategory(undefined)}
            >
              All Posts
            </Button>
            {(categories.data ?? []).map((c) => (
              <Button
                key={c.slug}
                size="sm"
                variant={category === c.slug ? 'filled' : 'default'}
                aria-pressed={category === c.slug}
                onClick={() => chooseCategory(c.slug)}
              >
                {c.name}
              </Button>
            ))}
          </Group>
        </Stack>

        {featuredPosts.length > 0 && (
          <Stack gap="md" component="section" aria-labelledby="featured-posts">
            <Title order={2} size="h3" id="featured-posts">
              Featured Posts
            </Title>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              {featuredPosts.map((post) => (
                <BlogPostCard key={post.id} post={post} />
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
                {data.results.map((post) => (
                  <BlogPostCard key={post.id} post={post} />
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

        <NewsletterForm />
      </Stack>
    </Container>
  )
}
