import type { IpcMainInvokeEvent } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import { isTrustedSender, registerIpc } from '../../electron/ipc'
import { CHANNELS } from '../../electron/ipc-channels'

type Handler = (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<unknown>

function setup() {
  const handlers = new Map<string, Handler>()
  const openExternal = vi.fn(async (url: string) => url.startsWith('https://checkout.stripe.com/'))
  const session = {
    signIn: vi.fn(async (path: unknown) => ({ status: 200, body: { path } })),
    refresh: vi.fn(async () => ({ status: 'ok' as const, access: 'access-2' })),
    signOut: vi.fn(async () => ({ reachedServer: true })),
  }
  const ticketReply = vi.fn()
  const update = { waiting: null as string | null, installed: 0 }
  registerIpc(
    { handle: (channel: string, handler: Handler) => void handlers.set(channel, handler) },
    {
      session,
      openExternal,
      ticketReply,
      updateWaiting: () => update.waiting,
      restartToUpdate: () => {
        if (update.waiting === null) return false
        update.installed += 1
        return true
      },
    },
  )
  const call = (channel: string, origin: string, ...args: unknown[]) => {
    const handler = handlers.get(channel)
    if (!handler) throw new Error(`no handler for ${channel}`)
    return handler({ senderFrame: { url: `${origin}/dashboard` } } as unknown as IpcMainInvokeEvent, ...args)
  }
  return { call, session, openExternal, ticketReply, update, channels: [...handlers.keys()] }
}

describe('IPC handlers', () => {
  it('offer sign-in, refresh and sign-out, and no way to read the refresh token', async () => {
    const { call, channels } = setup()
    expect(channels.sort()).toEqual(
      [
        CHANNELS.signIn,
        CHANNELS.refreshSession,
        CHANNELS.signOut,
        CHANNELS.openExternal,
        CHANNELS.ticketReply,
        CHANNELS.updateWaiting,
        CHANNELS.restartToUpdate,
      ].sort(),
    )
    expect(await call(CHANNELS.refreshSession, 'app://cypher')).toEqual({ status: 'ok', access: 'access-2' })
    await call(CHANNELS.signOut, 'app://cypher')
  })

  it('say which update waits and restart into it only when one does, for our own renderer only', async () => {
    const { call, update } = setup()
    expect(await call(CHANNELS.updateWaiting, 'app://cypher')).toBeNull()
    await expect(call(CHANNELS.restartToUpdate, 'app://cypher')).rejects.toThrow('No update is waiting.')
    update.waiting = '1.2.0'
    expect(await call(CHANNELS.updateWaiting, 'app://cypher')).toBe('1.2.0')
    await expect(call(CHANNELS.restartToUpdate, 'https://evil.example')).rejects.toThrow(
      'Untrusted IPC sender',
    )
    expect(update.installed).toBe(0)
    await call(CHANNELS.restartToUpdate, 'app://cypher')
    expect(update.installed).toBe(1)
  })

  it('refuse any other sender', async () => {
    const { call, session } = setup()
    await expect(call(CHANNELS.refreshSession, 'https://evil.example')).rejects.toThrow(
      'Untrusted IPC sender',
    )
    await expect(call(CHANNELS.signIn, 'file://', '/api/client/auth/login/', {})).rejects.toThrow(
      'Untrusted IPC sender',
    )
    expect(session.refresh).not.toHaveBeenCalled()
    expect(session.signIn).not.toHaveBeenCalled()
  })

  it('validate the URL to open', async () => {
    const { call, openExternal } = setup()
    await expect(call(CHANNELS.openExternal, 'app://cypher', 'https://evil.example/')).rejects.toThrow()
    await call(CHANNELS.openExternal, 'app://cypher', 'https://checkout.stripe.com/pay')
    expect(openExternal).toHaveBeenCalledWith('https://checkout.stripe.com/pay')
  })

  it('treat a missing sender frame as untrusted', () => {
    expect(isTrustedSender({ senderFrame: null } as unknown as IpcMainInvokeEvent)).toBe(false)
  })
  it('pass a well-formed ticket reply notice on and refuse anything else', async () => {
    const { call, ticketReply } = setup()
    const notice = { ticket: 4, project: 2, title: ' Broken build ', author: 'Sam', excerpt: 'On it' }
    await call(CHANNELS.ticketReply, 'app://cypher', notice)
    expect(ticketReply).toHaveBeenCalledWith({ ...notice, title: 'Broken build' })
    for (const bad of [null, 'text', { ...notice, project: -1 }, { ...notice, excerpt: '  ' }]) {
      await expect(call(CHANNELS.ticketReply, 'app://cypher', bad)).rejects.toThrow(
        'Invalid ticket reply notice',
      )
    }
    await expect(call(CHANNELS.ticketReply, 'https://evil.example', notice)).rejects.toThrow(
      'Untrusted IPC sender',
    )
    expect(ticketReply).toHaveBeenCalledTimes(1)
  })
})
