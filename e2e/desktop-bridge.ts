import type { Page } from '@playwright/test'
import { createDesktopSession } from '../electron/desktop-session'
import { memoryStore } from '../electron/secure-store'

/**
 * The desktop preload's bridge (window.cypherDesktop) for a renderer served from another origin: the
 * session calls run the real main-process code (electron/desktop-session.ts) here in Node against the
 * real server, and every URL the app asks the system browser to open is recorded in `opened`.
 */
export async function installDesktopBridge(page: Page, apiUrl: string) {
  const store = memoryStore()
  const main = createDesktopSession({ apiUrl, store, fetch, userAgent: 'CypherDesktop/e2e (linux)' })
  const opened: string[] = []
  await page.exposeBinding('__desktopSignIn', (_source, path: unknown, body: unknown) =>
    main.signIn(path, body),
  )
  await page.exposeBinding('__desktopRefresh', () => main.refresh())
  await page.exposeBinding('__desktopSignOut', async () => void (await main.signOut()))
  await page.exposeBinding('__desktopOpenExternal', (_source, url: unknown) => {
    opened.push(String(url))
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
    Object.assign(window, {
      cypherDesktop: {
        apiBaseUrl,
        signIn: call('__desktopSignIn'),
        refreshSession: call('__desktopRefresh'),
        signOut: call('__desktopSignOut'),
        openExternal: call('__desktopOpenExternal'),
        notifyTicketReply: async () => {},
        onDeepLink: () => () => {},
        onUpdateReady: () => () => {},
        restartToUpdate: async () => {},
      },
    })
  }, apiUrl)
  return { store, opened }
}
