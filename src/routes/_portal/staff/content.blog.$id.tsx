import { createFileRoute } from '@tanstack/react-router'
import { StaffBlogPostPage } from '@/features/blog/components/staff/staff-blog-post-page'

export const Route = createFileRoute('/_portal/staff/content/blog/$id')({
  component: function StaffBlogPostRoute() {
    const { id } = Route.useParams()
    return <StaffBlogPostPage id={Number(id)} />
  },
})
