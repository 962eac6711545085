import { createFileRoute, redirect } from '@tanstack/react-router'

/** Any path no route claims goes to the home page (spec 002 §2.1). */
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true })
  },
})
