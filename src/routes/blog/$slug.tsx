import { createFileRoute } from '@tanstack/react-router'
import { OnlineOnly } from '@/components/offline-notice'
import { BlogPostPage } from '@/features/blog/components/blog-post-page'
import { NewsletterForm } from '@/features/newsletter/components/newsletter-form'

export const Route = createFileRoute('/blog/$slug')({
  component: function BlogPostRoute() {
    const { slug } = Route.useParams()
    return (
      <OnlineOnly>
        <BlogPostPage key={slug} slug={slug} newsletter={<NewsletterForm />} />
      </OnlineOnly>
    )
  },
})
