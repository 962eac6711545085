import { createFileRoute } from '@tanstack/react-router'
import { BlogPostsPage } from '@/features/staff/components/content/blog-posts-page'

export const Route = createFileRoute('/_portal/staff/content/blog/')({ component: BlogPostsPage })
