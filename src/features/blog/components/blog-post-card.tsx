import { Avatar, Card } from '@mantine/core'
import { IconClock } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { readTimeMinutes, type BlogPostSummary } from '@/contract/blog'
import cardLink from '@/components/card-link.module.css'
import cardText from '@/components/card-text.module.css'
import { CardTitle } from '@/components/card-title'
import { ImageWithFallback } from '@/components/image-with-fallback'
import { Tag } from '@/components/tag'
import { formatDate } from '@/lib/format'
import classes from './blog.module.css'

/** One article in the grid or the featured row; the whole card links to the post. */
export function BlogPostCard({
  post,
  headingLevel = 3,
  deferred,
}: {
  post: BlogPostSummary
  headingLevel?: 2 | 3
  /** Below the first screen of a long list: drawn only when it nears the viewport. */
  deferred?: boolean
}) {
  return (
    <Card
      className={deferred ? `${cardLink.card} ${classes.deferred}` : cardLink.card}
      padding="lg"
      component="article"
    >
      <Card.Section>
        <ImageWithFallback
          src={post.featured_image}
          alt=""
          width={1200}
          height={630}
          className={classes.cover}
        />
      </Card.Section>
      <div className={classes.cardBody}>
        <div className={classes.row}>
          {post.category && (
            <Tag look="light" size="sm">
              {post.category.name}
            </Tag>
          )}
          {post.is_featured && (
            <Tag look="lightYellow" size="sm">
              Featured
            </Tag>
          )}
        </div>
        <CardTitle order={headingLevel} tight>
          <Link to="/blog/$slug" params={{ slug: post.slug }} className={cardLink.cardLink}>
            {post.title}
          </Link>
        </CardTitle>
        <p className={cardText.summary}>{post.excerpt}</p>
        <div className={classes.footer}>
          {post.author ? (
            <div className={classes.author}>
              <Avatar
                src={post.author.avatar}
                alt=""
                size={28}
                radius="xl"
                imageProps={{ width: 28, height: 28, loading: 'lazy', decoding: 'async' }}
              >
                {post.author.first_name.charAt(0)}
              </Avatar>
              <p className={classes.authorName}>{post.author.full_name}</p>
            </div>
          ) : (
            <span />
          )}
          <div className={classes.meta}>
            <p className={classes.metaText}>{formatDate(post.published_at ?? post.created_at)}</p>
            <p className={classes.metaText} aria-hidden>
              ·
            </p>
            <IconClock size={12} aria-hidden color="var(--mantine-color-dark-2)" />
            <p className={classes.metaText}>{readTimeMinutes(post)} min read</p>
          </div>
        </div>
      </div>
    </Card>
  )
}
