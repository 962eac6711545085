import { describe, expect, it, vi } from 'vitest'
import {
  canSelfUpdate,
  startAutoUpdate,
  UPDATE_CHECK_INTERVAL_MS,
  updateFeedUrl,
  type AutoUpdateDeps,
  type Updater,
} from '../../electron/auto-update'

function fakeUpdater() {
  const updater = {
    autoDownload: false,
    autoInstallOnAppQuit: false,
    setFeedURL: vi.fn(),
    checkForUpdatesAndNotify: vi.fn(async () => null),
    on: vi.fn(),
    quitAndInstall: vi.fn(),
  } satisfies Updater
  return updater
}

function deps(overrides: Partial<AutoUpdateDeps> = {}) {
  const updater = fakeUpdater()
  const timers: Array<{ ms: number; task: () => void }> = []
  const all = {
    packaged: true,
    selfUpdating: true,
    feedUrl: 'https://updates.example.com/desktop/',
    loadUpdater: vi.fn(async () => updater),
    log: vi.fn(),
    every: (ms: number, task: () => void) => void timers.push({ ms, task }),
    onUpdateReady: vi.fn(),
    ...overrides,
  }
  return { all, updater, timers }
}

describe('auto-update', () => {
  it('runs only where electron-updater can replace the app: AppImage, the NSIS install, macOS', () => {
    expect(canSelfUpdate('linux', { APPIMAGE: '/home/u/Cypher.AppImage' })).toBe(true)
    expect(canSelfUpdate('linux', {})).toBe(false)
    expect(canSelfUpdate('win32', {})).toBe(true)
    expect(canSelfUpdate('win32', { PORTABLE_EXECUTABLE_DIR: 'C:\\Apps' })).toBe(false)
    expect(canSelfUpdate('darwin', {})).toBe(true)
    expect(canSelfUpdate('freebsd', {})).toBe(false)
  })

  it('is off without a feed, and in an unpackaged app, without loading electron-updater', async () => {
    for (const overrides of [{ feedUrl: null }, { packaged: false }, { selfUpdating: false }]) {
      const { all } = deps(overrides)
      expect(await startAutoUpdate(all)).toBe(false)
      expect(all.loadUpdater).not.toHaveBeenCalled()
    }
  })

  it('with a feed, checks at start and periodically from that generic feed, installing on quit', async () => {
    const { all, updater, timers } = deps()
    expect(await startAutoUpdate(all)).toBe(true)
    expect(updater.setFeedURL).toHaveBeenCalledWith({
      provider: 'generic',
      url: 'https://updates.example.com/desktop/',
    })
    expect(updater.autoDownload).toBe(true)
    expect(updater.autoInstallOnAppQuit).toBe(true)
    expect(updater.checkForUpdatesAndNotify).toHaveBeenCalledTimes(1)
    expect(timers.map((t) => t.ms)).toEqual([UPDATE_CHECK_INTERVAL_MS])
    timers[0]?.task()
    expect(updater.checkForUpdatesAndNotify).toHaveBeenCalledTimes(2)
  })

  it('offers "Restart to update" once an update is downloaded; choosing it quits and installs', async () => {
    const { all, updater } = deps()
    await startAutoUpdate(all)
    const downloaded = updater.on.mock.calls.find(([event]) => event === 'update-downloaded')?.[1] as
      ((info: { version?: string }) => void) | undefined
    expect(downloaded).toBeDefined()
    expect(all.onUpdateReady).not.toHaveBeenCalled()
    downloaded?.({ version: '1.2.0' })
    expect(all.onUpdateReady).toHaveBeenCalledWith('1.2.0', expect.any(Function))
    expect(updater.quitAndInstall).not.toHaveBeenCalled()
    const install = (all.onUpdateReady as ReturnType<typeof vi.fn>).mock.calls[0]?.[1] as () => void
    install()
    expect(updater.quitAndInstall).toHaveBeenCalledTimes(1)
  })

  it('logs a failed check instead of crashing the app', async () => {
    const { all, updater } = deps()
    updater.checkForUpdatesAndNotify.mockRejectedValueOnce(new Error('feed down'))
    await startAutoUpdate(all)
    await vi.waitFor(() => expect(all.log).toHaveBeenCalledWith('update check failed', expect.any(Error)))
  })

  it('takes the first configured feed, https only (http on this machine for a local try)', () => {
    expect(updateFeedUrl(undefined, '  ')).toBeNull()
    expect(updateFeedUrl('', 'https://updates.example.com/x')).toBe('https://updates.example.com/x')
    expect(updateFeedUrl('http://updates.example.com/')).toBeNull()
    expect(updateFeedUrl('http://127.0.0.1:9000/feed')).toBe('http://127.0.0.1:9000/feed')
    expect(updateFeedUrl('not a url')).toBeNull()
  })
})
