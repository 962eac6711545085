import { createFileRoute } from '@tanstack/react-router'
import { BlogPostsPage } from '@/features/blog/components/staff/blog-posts-page'

export const Route = createFileRoute('/_portal/staff/content/blog/')({ component: BlogPostsPage })
