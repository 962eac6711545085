import { Center, Loader, Stack, Text } from '@mantine/core'
import { redirect, useNavigate, useRouterState, type ParsedLocation } from '@tanstack/react-router'
import { useEffect, useRef, type ReactNode } from 'react'
import { messages } from '@/contract/messages'
import { session, useSession } from '@/lib/session'

/** 'Verifying authentication...' while the session is being checked (spec 002 §2.2). */
export function VerifyingAuthentication() {
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" role="status">
        <Loader />
        <Text c="dimmed">{messages.verifyingAuth}</Text>
      </Stack>
    </Center>
  )
}

/**
 * The route half of the login guard: waits for the stored session to be checked, then lets a signed-in
 * user through or replaces the history entry with /login, carrying the path to come back to.
 */
export async function requireSignedIn(location: ParsedLocation): Promise<void> {
  await session.start()
  if (session.getState().status !== 'signed-in') {
    throw redirect({ to: '/login', search: { redirect: location.href }, replace: true })
  }
}

/**
 * The staff console's guard: after the login guard, anyone but staff is sent home, as for any unknown
 * path, before the console's code is loaded (issue 15).
 */
export function requireStaff(): void {
  const state = session.getState()
  if (state.status !== 'signed-in' || state.user.role !== 'staff') throw redirect({ to: '/', replace: true })
}

/** The component half: if the session ends while a guarded page is open, go to /login once. */
export function AuthGuard({ children }: { children: ReactNode }) {
  const state = useSession()
  const navigate = useNavigate()
  // The committed location, not the pending one: redirecting must not chase its own navigation.
  const href = useRouterState({ select: (s) => s.resolvedLocation?.href })
  const redirected = useRef(false)
  useEffect(() => {
    if (state.status !== 'signed-out' || redirected.current) return
    redirected.current = true
    void navigate({ to: '/login', search: { redirect: href ?? '/dashboard' }, replace: true })
  }, [state.status, href, navigate])
  if (state.status !== 'signed-in') return <VerifyingAuthentication />
  return <>{children}</>
}
