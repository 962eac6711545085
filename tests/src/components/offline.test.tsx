import { QueryClient, useQuery } from '@tanstack/react-query'
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { OfflineBanner } from '../../../src/components/offline-banner'
import {
  isChunkLoadError,
  reloadOnceForNewVersion,
  routerReloadKey,
} from '../../../src/components/route-error'
import { renderWithProviders } from '../helpers/render'

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online })
}

afterEach(() => setOnline(true))

function Screen({ queryKey, persist }: { queryKey: string; persist: boolean }) {
  useQuery({ queryKey: [queryKey], queryFn: async () => 'x', meta: { persist } })
  return null
}

describe('OfflineBanner', () => {
  it('shows the time of the oldest saved data on screen while offline, for any persisted query', () => {
    setOnline(false)
    const client = new QueryClient({
      defaultOptions: { queries: { networkMode: 'offlineFirst', retry: false } },
    })
    const older = new Date('2026-11-20T09:30:00Z').getTime()
    client.setQueryData(['overview'], 'saved', { updatedAt: older })
    client.setQueryData(['newer'], 'saved', { updatedAt: older + 3_600_000 })
    client.setQueryData(['marketing'], 'not persisted', { updatedAt: older - 3_600_000 })
    renderWithProviders(
      <>
        <OfflineBanner />
        <Screen queryKey="overview" persist />
        <Screen queryKey="newer" persist />
        <Screen queryKey="marketing" persist={false} />
      </>,
      client,
    )
    const banner = screen.getByTestId('offline-banner')
    expect(banner.textContent).toMatch(/^Offline — showing data from /)
    expect(banner.textContent).toContain('2026')
    expect(banner.textContent).toMatch(/Nov 20, 2026/)
  })

  it('says nothing online', () => {
    const client = new QueryClient()
    client.setQueryData(['overview'], 'saved')
    renderWithProviders(
      <>
        <OfflineBanner />
        <Screen queryKey="overview" persist />
      </>,
      client,
    )
    expect(screen.queryByTestId('offline-banner')).toBeNull()
  })
})

describe('a missing chunk after an update', () => {
  it('is recognised by the browsers’ messages', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    )
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
  })

  it('reloads the page once, not in a loop', () => {
    const reload = vi.fn()
    vi.stubGlobal('location', { ...window.location, reload })
    const storage = window.sessionStorage
    storage.clear()
    expect(reloadOnceForNewVersion(storage, 1_000_000)).toBe(true)
    expect(reloadOnceForNewVersion(storage, 1_010_000)).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)
    vi.unstubAllGlobals()
  })

  it('does not reload a second time when the router already reloaded for that missing module', () => {
    const reload = vi.fn()
    vi.stubGlobal('location', { ...window.location, reload })
    const storage = window.sessionStorage
    storage.clear()
    const error = new TypeError('Failed to fetch dynamically imported module: /assets/about-1.js')
    storage.setItem(routerReloadKey(error), '1')
    expect(reloadOnceForNewVersion(storage, 1_000_000, error)).toBe(false)
    expect(reload).not.toHaveBeenCalled()
    vi.unstubAllGlobals()
  })
})
