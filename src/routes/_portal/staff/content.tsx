import { createFileRoute, Outlet } from '@tanstack/react-router'
import { ContentLayout } from '@/features/staff/components/content-layout'

export const Route = createFileRoute('/_portal/staff/content')({
  component: () => (
    <ContentLayout>
      <Outlet />
    </ContentLayout>
  ),
})
