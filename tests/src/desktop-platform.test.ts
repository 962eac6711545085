import { describe, expect, it, vi } from 'vitest'
import { createElectronPlatform } from '../../src/platform/electron'
import type { DesktopBridge } from '../../src/platform/platform'

function bridge(overrides: Partial<DesktopBridge> = {}): DesktopBridge {
  return {
    apiBaseUrl: 'http://127.0.0.1:8080',
    signIn: vi.fn(async () => ({ status: 200, body: { access: 'a1', client: { id: 1 } } })),
    refreshSession: vi.fn(async () => ({ status: 'ok' as const, access: 'a2' })),
    signOut: vi.fn(async () => {}),
    openExternal: vi.fn(async () => {}),
    onDeepLink: () => () => {},
    notifyTicketReply: vi.fn(async () => {}),
    onUpdateReady: () => () => {},
    restartToUpdate: vi.fn(async () => {}),
    ...overrides,
  }
}

describe('desktop platform', () => {
  it('sends sign-in calls through the main process and reads the answer like fetch', async () => {
    const desktop = bridge()
    const platform = createElectronPlatform(desktop)
    const response = await platform.session.signIn('/api/client/auth/login/', { email: 'a@b.co' })
    expect(desktop.signIn).toHaveBeenCalledWith('/api/client/auth/login/', { email: 'a@b.co' })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ access: 'a1', client: { id: 1 } })
  })

  it('offers "Restart to update" once, when the main process has an update ready; choosing it restarts', async () => {
    let ready: ((version: string) => void) | undefined
    const desktop = bridge({ onUpdateReady: (listener) => ((ready = listener), () => {}) })
    const platform = createElectronPlatform(desktop)
    const onNeedRefresh = vi.fn()
    platform.registerUpdates({ onNeedRefresh, onOfflineReady: vi.fn() })
    expect(onNeedRefresh).not.toHaveBeenCalled()
    ready?.('1.2.0')
    ready?.('1.2.0')
    expect(onNeedRefresh).toHaveBeenCalledTimes(1)
    expect(onNeedRefresh).toHaveBeenCalledWith(expect.any(Function), 'restart')
    await (onNeedRefresh.mock.calls[0]?.[0] as () => Promise<void>)()
    expect(desktop.restartToUpdate).toHaveBeenCalledTimes(1)
  })

  it('passes failures through with their status', async () => {
    const platform = createElectronPlatform(
      bridge({ signIn: vi.fn(async () => ({ status: 401, body: { detail: 'No active account' } })) }),
    )
    const response = await platform.session.signIn('/api/client/auth/login/', {})
    expect(response.status).toBe(401)
    expect((await response.json()).detail).toBe('No active account')
  })

  it('asks the main process to refresh and sign out; the renderer never sees a refresh token', async () => {
    const desktop = bridge()
    const platform = createElectronPlatform(desktop)
    expect(await platform.session.refresh()).toEqual({ status: 'ok', access: 'a2' })
    await platform.session.signOut()
    expect(desktop.signOut).toHaveBeenCalled()
    expect(Object.keys(desktop)).not.toContain('getRefreshToken')
  })
})
