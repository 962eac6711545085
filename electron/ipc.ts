import type { IpcMain, IpcMainInvokeEvent } from 'electron'
import { isAppUrl } from './app-protocol'
import type { DesktopSession } from './desktop-session'
import { CHANNELS } from './ipc-channels'
import { parseTicketReplyNotice } from './ticket-notices'
import type { TicketReplyNotice } from '../src/platform/platform'

/** Only our own renderer (served from app://cypher) may call privileged handlers. */
export function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'senderFrame'>): boolean {
  const url = event.senderFrame?.url
  return url ? isAppUrl(url) : false
}

export function registerIpc(
  ipcMain: Pick<IpcMain, 'handle'>,
  deps: {
    session: DesktopSession
    openExternal: (url: string) => Promise<boolean>
    ticketReply: (notice: TicketReplyNotice) => void
    /** Quits and installs a downloaded update; false when none waits. */
    restartToUpdate: () => boolean
    /** The downloaded version waiting for a restart, or null. */
    updateWaiting: () => string | null
  },
) {
  const guard =
    <A extends unknown[], R>(handler: (...args: A) => Promise<R>) =>
    (event: IpcMainInvokeEvent, ...args: A): Promise<R> => {
      if (!isTrustedSender(event)) return Promise.reject(new Error('Untrusted IPC sender'))
      return handler(...args)
    }

  ipcMain.handle(
    CHANNELS.signIn,
    guard((path: unknown, body: unknown) => deps.session.signIn(path, body)),
  )
  ipcMain.handle(
    CHANNELS.refreshSession,
    guard(() => deps.session.refresh()),
  )
  ipcMain.handle(
    CHANNELS.signOut,
    guard(async () => void (await deps.session.signOut())),
  )
  ipcMain.handle(
    CHANNELS.openExternal,
    guard(async (url: unknown) => {
      if (typeof url !== 'string') throw new Error('Invalid URL')
      if (!(await deps.openExternal(url))) throw new Error('This link cannot be opened from the app.')
    }),
  )
  ipcMain.handle(
    CHANNELS.restartToUpdate,
    guard(async () => {
      if (!deps.restartToUpdate()) throw new Error('No update is waiting.')
    }),
  )
  ipcMain.handle(
    CHANNELS.updateWaiting,
    guard(async () => deps.updateWaiting()),
  )
  ipcMain.handle(
    CHANNELS.ticketReply,
    guard(async (notice: unknown) => {
      const parsed = parseTicketReplyNotice(notice)
      if (!parsed) throw new Error('Invalid ticket reply notice')
      deps.ticketReply(parsed)
    }),
  )
}
