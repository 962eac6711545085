import { createFileRoute, redirect } from '@tanstack/react-router'

/** The content area opens on its first kind. */
export const Route = createFileRoute('/_portal/staff/content/')({
  beforeLoad: () => {
    throw redirect({ to: '/staff/content/blog', replace: true })
  },
})
