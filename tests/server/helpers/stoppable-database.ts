import net from 'node:net'
import { readFile } from 'node:fs/promises'
import { inject } from 'vitest'
import { wrapPglite, type DatabaseHandle } from '../../../server/db/client'
import type { EmbeddedClient } from '../../../server/db/pglite-thread'
import { openPgliteCopy, openTestDatabase } from './test-app'

/** A test database that can be taken away from a running app and brought back. */
export interface StoppableDatabase {
  handle: DatabaseHandle
  /** The database becomes unreachable: open connections drop, new ones are refused. */
  stop(): Promise<void>
  /** The database answers again, with the data it had. */
  start(): Promise<void>
}

/**
 * With DATABASE_URL: the app reaches PostgreSQL through a TCP proxy that the test cuts (as a restart or a
 * network failure looks to the app). Embedded: the PGlite instance is closed and later reopened from a
 * copy of its data.
 */
export function openStoppableDatabase(): Promise<StoppableDatabase> {
  return process.env.DATABASE_URL ? postgresBehindProxy() : restartablePglite()
}

async function postgresBehindProxy(): Promise<StoppableDatabase> {
  let proxy: TcpProxy | undefined
  const handle = await openTestDatabase({
    connectVia: async (target) => {
      proxy = new TcpProxy(target)
      return { port: await proxy.listen() }
    },
  })
  const cut = proxy
  if (!cut) throw new Error('the database was opened without the proxy')
  return {
    handle: {
      ...handle,
      close: async () => {
        await handle.close()
        await cut.stop()
      },
    },
    stop: () => cut.stop(),
    start: async () => void (await cut.listen(cut.port)),
  }
}

async function restartablePglite(): Promise<StoppableDatabase> {
  let client = await openPgliteCopy(await readFile(inject('pgliteTemplate')))
  let data: Uint8Array<ArrayBuffer> | undefined
  // The app holds this stand-in; it forwards to whichever instance is current.
  const current = new Proxy({} as EmbeddedClient, {
    get(_target, property) {
      const value: unknown = Reflect.get(client, property)
      return typeof value === 'function' ? value.bind(client) : value
    },
  })
  const handle = wrapPglite(current)
  return {
    handle: {
      ...handle,
      close: async () => {
        if (!client.closed) await client.close()
      },
    },
    stop: async () => {
      data = new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer())
      await client.close()
    },
    start: async () => {
      if (!data) throw new Error('start() before stop()')
      client = await openPgliteCopy(data)
    },
  }
}

/** Forwards TCP connections to one address until stopped. */
class TcpProxy {
  private readonly sockets = new Set<net.Socket>()
  private readonly server = net.createServer((incoming) => {
    const outgoing = net.connect(this.target)
    for (const socket of [incoming, outgoing]) {
      this.sockets.add(socket)
      socket.on('close', () => this.sockets.delete(socket))
      socket.on('error', () => {
        incoming.destroy()
        outgoing.destroy()
      })
    }
    incoming.pipe(outgoing).pipe(incoming)
  })
  port = 0

  constructor(private readonly target: { host: string; port: number }) {}

  async listen(port = 0): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject)
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject)
        resolve()
      })
    })
    const address = this.server.address()
    this.port = typeof address === 'object' && address ? address.port : port
    return this.port
  }

  async stop(): Promise<void> {
    if (!this.server.listening) return
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()))
    for (const socket of this.sockets) socket.destroy()
    await closed
  }
}
