import type { IpcMain, IpcMainInvokeEvent } from 'electron'
import { isAppUrl } from './app-protocol'
import { CHANNELS } from './ipc-channels'
import type { SecureStore } from './secure-store'

/** Only our own renderer (served from app://cypher) may call privileged handlers. */
export function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'senderFrame'>): boolean {
  const url = event.senderFrame?.url
  return url ? isAppUrl(url) : false
}

export function registerIpc(
  ipcMain: Pick<IpcMain, 'handle'>,
  deps: { store: SecureStore; openExternal: (url: string) => Promise<boolean> },
) {
  const guard =
    <A extends unknown[], R>(handler: (...args: A) => Promise<R>) =>
    (event: IpcMainInvokeEvent, ...args: A): Promise<R> => {
      if (!isTrustedSender(event)) return Promise.reject(new Error('Untrusted IPC sender'))
      return handler(...args)
    }

  ipcMain.handle(
    CHANNELS.getRefreshToken,
    guard(() => deps.store.get()),
  )
  ipcMain.handle(
    CHANNELS.setRefreshToken,
    guard(async (token: unknown) => {
      if (typeof token !== 'string' || token.length === 0 || token.length > 200)
        throw new Error('Invalid token')
      await deps.store.set(token)
    }),
  )
  ipcMain.handle(
    CHANNELS.clearRefreshToken,
    guard(() => deps.store.clear()),
  )
  ipcMain.handle(
    CHANNELS.openExternal,
    guard(async (url: unknown) => {
      if (typeof url !== 'string') throw new Error('Invalid URL')
      if (!(await deps.openExternal(url))) throw new Error('This link cannot be opened from the app.')
    }),
  )
}
