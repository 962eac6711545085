import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useState } from 'react'
import { unsentComments } from '@/features/support/api/comment-queue'
import { setLogoutCheck } from '@/lib/logout-check'

const UnsentWritesDialog = lazy(() => import('@/features/support/components/unsent-writes-dialog'))

/** Before a logout drops comments not delivered yet, the user chooses: send them first, or discard them. */
export function LogoutCheck() {
  const queryClient = useQueryClient()
  const [answer, setAnswer] = useState<((go: boolean) => void) | null>(null)
  useEffect(
    () =>
      setLogoutCheck(() =>
        unsentComments(queryClient).length === 0
          ? Promise.resolve(true)
          : new Promise<boolean>((resolve) => setAnswer(() => resolve)),
      ),
    [queryClient],
  )
  if (!answer) return null
  const decide = (go: boolean) => {
    setAnswer(null)
    answer(go)
  }
  return (
    <Suspense fallback={null}>
      <UnsentWritesDialog onLogout={() => decide(true)} onCancel={() => decide(false)} />
    </Suspense>
  )
}
