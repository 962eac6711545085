import {
  Avatar,
  Badge,
  Button,
  Card,
  Container,
  Divider,
  Grid,
  Group,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { IconCalendar, IconClock, IconEye } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { blogMessages, readTimeMinutes, type BlogPost } from '@/contract/blog'
import { BackLink } from '@/components/back-link'
import { DetailPageStatus } from '@/components/detail-page-status'
import { ImageWithFallback } from '@/components/image-with-fallback'
import { SafeHtml } from '@/components/safe-html'
import { StatRow } from '@/components/stat-row'
import { formatDate } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useBlogPost } from '../api/get-blog-post'
import classes from './blog.module.css'
import { ShareButton } from '@/components/share-button'

const numberFormat = new Intl.NumberFormat('en-US')

/** /blog/{slug}: the article, its author, stats and sharing; a missing post says so. */
export function BlogPostPage({ slug, newsletter }: { slug: string; newsletter: ReactNode }) {
  const post = useBlogPost(slug)
  useDocumentTitle(post.data?.title)

  if (!post.data) {
    return (
      <DetailPageStatus
        query={post}
        listPath="/blog"
        backLabel="Back to Blog"
        size="lg"
        loadingLabel="Loading article..."
        notFound={{
          title: blogMessages.postNotFound,
          message: 'The article may have been moved or unpublished.',
          actionLabel: 'View All Articles',
        }}
        errorMessage={blogMessages.fetchArticle}
      />
    )
  }
  return <Article post={post.data} newsletter={newsletter} />
}

function Article({ post, newsletter }: { post: BlogPost; newsletter: ReactNode }) {
  const minutes = readTimeMinutes(post)
  const published = formatDate(post.published_at ?? post.created_at)
  return (
    <Container size="lg" py={{ base: 32, md: 56 }}>
      <Stack gap="xl">
        <BackLink to="/blog">Back to Blog</BackLink>
        <Stack gap="md" component="header">
          <Group gap="xs">
            {post.category && (
              <Link
                to="/blog"
                search={{ category: post.category.slug }}
                aria-label={`More in ${post.category.name}`}
              >
                <Badge variant="light" style={{ cursor: 'pointer' }}>
                  {post.category.name}
                </Badge>
              </Link>
            )}
            {post.is_featured && (
              <Badge variant="light" color="yellow">
                Featured
              </Badge>
            )}
          </Group>
          <Group gap="lg" c="dimmed" fz="sm">
            <Group gap={6}>
              <IconCalendar size={16} aria-hidden />
              <time dateTime={post.published_at ?? post.created_at}>{published}</time>
            </Group>
            <Group gap={6}>
              <IconClock size={16} aria-hidden />
              <span>{minutes} min read</span>
            </Group>
          </Group>
          <Title order={1} fz={{ base: 30, md: 44 }} lh={1.15}>
            {post.title}
          </Title>
          {post.excerpt && (
            <Text size="lg" c="dark.0">
              {post.excerpt}
            </Text>
          )}
          <Group justify="space-between" gap="md">
            {post.author && (
              <Group gap="sm">
                <Avatar src={post.author.avatar} alt="" size={44} radius="xl">
                  {post.author.first_name.charAt(0)}
                </Avatar>
                <Stack gap={0}>
                  <Text fw={600}>{post.author.full_name}</Text>
                  <Text size="xs" c="dimmed">
                    Author
                  </Text>
                </Stack>
              </Group>
            )}
            <Group gap="md">
              <Group gap={6} c="dimmed" fz="sm">
                <IconEye size={16} aria-hidden />
                <span>{numberFormat.format(post.views)} views</span>
              </Group>
              <ShareButton title={post.title} />
            </Group>
          </Group>
        </Stack>

        <ImageWithFallback
          src={post.featured_image}
          alt={post.title}
          width={1200}
          height={630}
          eager
          style={{ width: '100%', borderRadius: 'var(--mantine-radius-lg)' }}
        />

        <Grid gap={{ base: 'xl', md: 48 }}>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <article className={classes.article} aria-label={post.title}>
              <SafeHtml html={post.content} />
            </article>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg" className={classes.sticky} component="aside" aria-label="About this article">
              {post.tags.length > 0 && (
                <SidebarCard title="Tags">
                  <Group gap={6}>
                    {post.tags.map((tag) => (
                      <Badge key={tag} variant="outline" color="gray" tt="none">
                        {tag}
                      </Badge>
                    ))}
                  </Group>
                </SidebarCard>
              )}
              {post.author && (
                <SidebarCard title="About the Author">
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={post.author.avatar} alt="" size={48} radius="xl">
                      {post.author.first_name.charAt(0)}
                    </Avatar>
                    <Text fw={600}>{post.author.full_name}</Text>
                  </Group>
                  {post.author.bio && (
                    <Text size="sm" c="dimmed">
                      {post.author.bio}
                    </Text>
                  )}
                </SidebarCard>
              )}
              <SidebarCard title="Article Stats">
                <Stack gap={6} component="dl" m={0}>
                  <StatRow label="Views" value={numberFormat.format(post.views)} />
                  <StatRow label="Published" value={published} />
                  <StatRow label="Reading time" value={`${minutes} min`} />
                  <StatRow label="Category" value={post.category?.name ?? 'Uncategorized'} />
                  <StatRow label="Status" value={post.status === 'published' ? 'Published' : 'Draft'} />
                  <StatRow label="Featured" value={post.is_featured ? 'Yes' : 'No'} />
                </Stack>
              </SidebarCard>
              <SidebarCard title="Share this article">
                <ShareButton title={post.title} fullWidth />
                <Button component={Link} to="/blog" variant="subtle" fullWidth>
                  View All Articles
                </Button>
              </SidebarCard>
            </Stack>
          </Grid.Col>
        </Grid>

        <Divider color="dark.5" />
        {newsletter}
      </Stack>
    </Container>
  )
}

function SidebarCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card padding="lg" bg="dark.7">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  )
}
