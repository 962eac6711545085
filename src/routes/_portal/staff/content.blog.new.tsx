import { createFileRoute } from '@tanstack/react-router'
import { NewBlogPostPage } from '@/features/blog/components/staff/staff-blog-post-page'

export const Route = createFileRoute('/_portal/staff/content/blog/new')({ component: NewBlogPostPage })
