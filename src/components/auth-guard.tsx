import { Center, Loader, Stack, Text } from '@mantine/core'
import { Navigate, useLocation } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { messages } from '@/contract/messages'
import { useSession } from '@/lib/session'

/**
 * The login guard of spec 002 §2.2: 'Verifying authentication...' while the session is checked,
 * the page when signed in, otherwise a history-replacing redirect to /login that remembers the way back.
 */
export function AuthGuard({ children }: { children: ReactNode }) {
  const state = useSession()
  const location = useLocation()
  if (state.status === 'checking') {
    return (
      <Center mih="60vh">
        <Stack align="center" gap="sm" role="status">
          <Loader />
          <Text c="dimmed">{messages.verifyingAuth}</Text>
        </Stack>
      </Center>
    )
  }
  if (state.status === 'signed-out') {
    return <Navigate to="/login" search={{ redirect: location.href }} replace />
  }
  return <>{children}</>
}
