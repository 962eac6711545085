import type { Page } from '@playwright/test'
import { createDesktopSession } from '../electron/desktop-session'
import { memoryStore } from '../electron/secure-store'

/**
 * The desktop preload's bridge (window.cypherDesktop) for a renderer served from another origin: the
 * session calls run the real main-process code (electron/desktop-session.ts) here in Node against the
 * real server, and every URL the app asks the system browser to open is recorded in `opened`.
 * `announceUpdate` plays the main process once electron-updater has downloaded a version (pushed to
 * subscribed windows, kept for windows that subscribe later, as the preload's pull does); each call of
 * the bridge's restartToUpdate is recorded in `restarts`.
 */
export async function installDesktopBridge(page: Page, apiUrl: string) {
  const store = memoryStore()
  const main = createDesktopSession({ apiUrl, store, fetch, userAgent: 'CypherDesktop/e2e (linux)' })
  const opened: string[] = []
  const restarts: number[] = []
  await page.exposeBinding('__desktopSignIn', (_source, path: unknown, body: unknown) =>
    main.signIn(path, body),
  )
  await page.exposeBinding('__desktopRefresh', () => main.refresh())
  await page.exposeBinding('__desktopSignOut', async () => void (await main.signOut()))
  await page.exposeBinding('__desktopOpenExternal', (_source, url: unknown) => {
    opened.push(String(url))
  })
  await page.exposeBinding('__desktopRestartToUpdate', () => {
    restarts.push(Date.now())
  })
  await page.addInitScript((apiBaseUrl) => {
    type Call = (...args: unknown[]) => Promise<never>
    const call =
      (name: string): Call =>
      (...args) => {
        const exposed = (window as unknown as Record<string, Call | undefined>)[name]
        if (!exposed) throw new Error(`${name} is not exposed`)
        return exposed(...args)
      }
    const updateListeners = new Set<(version: string) => void>()
    let waiting: string | null = null
    Object.assign(window, {
      __desktopUpdateReady: (version: string) => {
        waiting = version
        for (const listener of updateListeners) listener(version)
      },
      cypherDesktop: {
        apiBaseUrl,
        signIn: call('__desktopSignIn'),
        refreshSession: call('__desktopRefresh'),
        signOut: call('__desktopSignOut'),
        openExternal: call('__desktopOpenExternal'),
        notifyTicketReply: async () => {},
        onDeepLink: () => () => {},
        onUpdateReady: (listener: (version: string) => void) => {
          updateListeners.add(listener)
          if (waiting !== null) listener(waiting)
          return () => void updateListeners.delete(listener)
        },
        restartToUpdate: call('__desktopRestartToUpdate'),
      },
    })
  }, apiUrl)
  const announceUpdate = (version: string) =>
    page.evaluate(
      (v) =>
        (window as unknown as { __desktopUpdateReady: (version: string) => void }).__desktopUpdateReady(v),
      version,
    )
  return { store, opened, restarts, announceUpdate }
}
