/** Long-running desktop apps look for a new version this often (and once at start). */
export const UPDATE_CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000

/**
 * The update feed (a folder of electron-builder's latest*.yml and installers), from the environment or
 * the build; null turns updates off. Only https, or http on this machine for trying a feed out locally.
 */
export function updateFeedUrl(...candidates: Array<string | undefined>): string | null {
  const raw = candidates.find((value) => value?.trim())?.trim()
  if (!raw) return null
  try {
    const url = new URL(raw)
    const local = url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
    return url.protocol === 'https:' || local ? url.href : null
  } catch {
    return null
  }
}

/**
 * Whether this installation can replace itself with electron-updater: an AppImage on Linux (the
 * AppImage runtime sets APPIMAGE; a .deb belongs to the system's package manager), the NSIS installer on
 * Windows (not the portable build, which sets PORTABLE_EXECUTABLE_DIR), and the dmg/zip app on macOS.
 */
export function canSelfUpdate(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): boolean {
  if (platform === 'linux') return Boolean(env.APPIMAGE)
  if (platform === 'win32') return !env.PORTABLE_EXECUTABLE_DIR
  return platform === 'darwin'
}

/** The parts of electron-updater's AppUpdater used here. */
export interface Updater {
  autoDownload: boolean
  autoInstallOnAppQuit: boolean
  setFeedURL(options: { provider: 'generic'; url: string }): void
  checkForUpdatesAndNotify(): Promise<unknown>
  on(event: 'error', listener: (error: Error) => void): unknown
  on(event: 'update-downloaded', listener: (info: { version?: string }) => void): unknown
  quitAndInstall(): void
}

export interface AutoUpdateDeps {
  /** Only an installed (packaged) app can replace itself. */
  packaged: boolean
  /** The package format supports replacing itself (`canSelfUpdate`). */
  selfUpdating: boolean
  feedUrl: string | null
  /** Loads electron-updater; called only when updates are on. */
  loadUpdater(): Promise<Updater>
  log(message: string, error?: unknown): void
  every(ms: number, task: () => void): void
  /**
   * A downloaded update waits: the app offers "Restart to update" in its window; `install` quits and
   * installs it (otherwise it installs when the app quits).
   */
  onUpdateReady(version: string, install: () => void): void
}

/**
 * Turns on electron-updater when a feed is configured in a packaged app: the update downloads in the
 * background, the system notification says so, the window offers "Restart to update", and otherwise it
 * installs when the app quits. Answers whether updates are on.
 */
export async function startAutoUpdate(deps: AutoUpdateDeps): Promise<boolean> {
  if (!deps.packaged || !deps.selfUpdating || !deps.feedUrl) return false
  const updater = await deps.loadUpdater()
  updater.autoDownload = true
  updater.autoInstallOnAppQuit = true
  updater.setFeedURL({ provider: 'generic', url: deps.feedUrl })
  updater.on('error', (error) => deps.log('update check failed', error))
  updater.on('update-downloaded', (info) =>
    deps.onUpdateReady(info?.version ?? '', () => updater.quitAndInstall()),
  )
  const check = () =>
    void updater.checkForUpdatesAndNotify().catch((error: unknown) => deps.log('update check failed', error))
  check()
  deps.every(UPDATE_CHECK_INTERVAL_MS, check)
  return true
}
