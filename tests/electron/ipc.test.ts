import type { IpcMainInvokeEvent } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import { isTrustedSender, registerIpc } from '../../electron/ipc'
import { CHANNELS } from '../../electron/ipc-channels'
import { memoryStore } from '../../electron/secure-store'

type Handler = (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<unknown>

function setup() {
  const handlers = new Map<string, Handler>()
  const openExternal = vi.fn(async (url: string) => url.startsWith('https://checkout.stripe.com/'))
  const store = memoryStore()
  registerIpc(
    { handle: (channel: string, handler: Handler) => void handlers.set(channel, handler) },
    { store, openExternal },
  )
  const call = (channel: string, origin: string, ...args: unknown[]) => {
    const handler = handlers.get(channel)
    if (!handler) throw new Error(`no handler for ${channel}`)
    return handler({ senderFrame: { url: `${origin}/dashboard` } } as unknown as IpcMainInvokeEvent, ...args)
  }
  return { call, store, openExternal }
}

describe('IPC handlers', () => {
  it('store and read the refresh token for our own renderer', async () => {
    const { call } = setup()
    await call(CHANNELS.setRefreshToken, 'app://cypher', 'token-123')
    expect(await call(CHANNELS.getRefreshToken, 'app://cypher')).toBe('token-123')
    await call(CHANNELS.clearRefreshToken, 'app://cypher')
    expect(await call(CHANNELS.getRefreshToken, 'app://cypher')).toBeNull()
  })

  it('refuse any other sender', async () => {
    const { call, store } = setup()
    await store.set('secret')
    await expect(call(CHANNELS.getRefreshToken, 'https://evil.example')).rejects.toThrow(
      'Untrusted IPC sender',
    )
    await expect(call(CHANNELS.setRefreshToken, 'file://', 'x')).rejects.toThrow('Untrusted IPC sender')
  })

  it('validate the token and the URL', async () => {
    const { call, openExternal } = setup()
    await expect(call(CHANNELS.setRefreshToken, 'app://cypher', 42)).rejects.toThrow('Invalid token')
    await expect(call(CHANNELS.openExternal, 'app://cypher', 'https://evil.example/')).rejects.toThrow()
    await call(CHANNELS.openExternal, 'app://cypher', 'https://checkout.stripe.com/pay')
    expect(openExternal).toHaveBeenCalledWith('https://checkout.stripe.com/pay')
  })

  it('treat a missing sender frame as untrusted', () => {
    expect(isTrustedSender({ senderFrame: null } as unknown as IpcMainInvokeEvent)).toBe(false)
  })
})
