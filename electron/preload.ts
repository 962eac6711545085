import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import type { DesktopBridge } from '../src/platform/platform'
import { CHANNELS } from './ipc-channels'

const apiArgument = process.argv.find((arg) => arg.startsWith('--cypher-api='))

/** Exactly the Platform bridge the renderer expects; nothing else of Electron or Node is exposed. */
const bridge = {
  apiBaseUrl: apiArgument ? apiArgument.slice('--cypher-api='.length) : '',
  getRefreshToken: () => ipcRenderer.invoke(CHANNELS.getRefreshToken),
  setRefreshToken: (token: string) => ipcRenderer.invoke(CHANNELS.setRefreshToken, token),
  clearRefreshToken: () => ipcRenderer.invoke(CHANNELS.clearRefreshToken),
  openExternal: (url: string) => ipcRenderer.invoke(CHANNELS.openExternal, url),
  onDeepLink: (listener: (path: string) => void) => {
    const handler = (_event: IpcRendererEvent, path: unknown) => {
      if (typeof path === 'string') listener(path)
    }
    ipcRenderer.on(CHANNELS.deepLink, handler)
    return () => void ipcRenderer.removeListener(CHANNELS.deepLink, handler)
  },
} satisfies DesktopBridge

contextBridge.exposeInMainWorld('cypherDesktop', bridge)
