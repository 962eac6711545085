import type { DesktopBridge, Platform } from './platform'

/** The desktop platform: everything privileged goes through the preload bridge to the main process. */
export function createElectronPlatform(bridge: DesktopBridge): Platform {
  return {
    kind: 'desktop',
    apiBaseUrl: bridge.apiBaseUrl,
    session: {
      async signIn(path, body) {
        const answer = await bridge.signIn(path, body)
        return new Response(answer.body === null ? null : JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        })
      },
      refresh: () => bridge.refreshSession(),
      signOut: () => bridge.signOut(),
    },
    openExternal: (url) => bridge.openExternal(url),
    onDeepLink: (listener) => bridge.onDeepLink(listener),
    registerUpdates(handlers) {
      // The renderer ships inside the app: the main process downloads a new version (where the package
      // format can replace itself) and this window offers "Restart to update".
      let offered = false
      bridge.onUpdateReady(() => {
        if (offered) return
        offered = true
        handlers.onNeedRefresh(() => bridge.restartToUpdate(), 'restart')
      })
    },
    keepAppOffline() {
      // The renderer's code is part of the installed app.
    },
    notifyTicketReply: (notice) => void bridge.notifyTicketReply(notice).catch(() => {}),
  }
}
