import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import type { DesktopBridge, SignInPath, TicketReplyNotice } from '../src/platform/platform'
import { CHANNELS } from './ipc-channels'

const apiArgument = process.argv.find((arg) => arg.startsWith('--cypher-api='))

/**
 * Exactly the Platform bridge the renderer expects; nothing else of Electron or Node is exposed.
 * The refresh token never crosses it: sign-in, refresh and sign-out run in the main process.
 */
const bridge = {
  apiBaseUrl: apiArgument ? apiArgument.slice('--cypher-api='.length) : '',
  signIn: (path: SignInPath, body: unknown) => ipcRenderer.invoke(CHANNELS.signIn, path, body),
  refreshSession: () => ipcRenderer.invoke(CHANNELS.refreshSession),
  signOut: () => ipcRenderer.invoke(CHANNELS.signOut),
  openExternal: (url: string) => ipcRenderer.invoke(CHANNELS.openExternal, url),
  notifyTicketReply: (notice: TicketReplyNotice) => ipcRenderer.invoke(CHANNELS.ticketReply, notice),
  restartToUpdate: () => ipcRenderer.invoke(CHANNELS.restartToUpdate),
  onUpdateReady: (listener: (version: string) => void) => {
    const handler = (_event: IpcRendererEvent, version: unknown) => listener(String(version ?? ''))
    ipcRenderer.on(CHANNELS.updateReady, handler)
    // An update that was ready before this page subscribed.
    void ipcRenderer.invoke(CHANNELS.updateWaiting).then((version: unknown) => {
      if (typeof version === 'string') listener(version)
    })
    return () => void ipcRenderer.removeListener(CHANNELS.updateReady, handler)
  },
  onDeepLink: (listener: (path: string) => void) => {
    const handler = (_event: IpcRendererEvent, path: unknown) => {
      if (typeof path === 'string') listener(path)
    }
    ipcRenderer.on(CHANNELS.deepLink, handler)
    return () => void ipcRenderer.removeListener(CHANNELS.deepLink, handler)
  },
} satisfies DesktopBridge

contextBridge.exposeInMainWorld('cypherDesktop', bridge)
