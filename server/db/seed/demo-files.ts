import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { and, eq, like } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { FileStorage } from '../../adapters/storage'
import type { Database } from '../client'
import { ticketAttachments } from '../schema'
import { DEMO_ATTACHMENT_FILES } from './portal'
import { extensionOf } from '../../lib/uploads'

/**
 * The demo seed runs without file storage: its attachments point at `demo-seed/` keys. On start, each
 * such file is written to storage and its row moved to the real key, once per database.
 */
export async function storeDemoAttachments(db: Database, storage: FileStorage, log: FastifyBaseLogger) {
  const pending = await db
    .select({ id: ticketAttachments.id, key: ticketAttachments.storageKey })
    .from(ticketAttachments)
    .where(like(ticketAttachments.storageKey, 'demo-seed/%'))
  for (const row of pending) {
    const file = DEMO_ATTACHMENT_FILES[row.key]
    if (!file) continue
    const { key, stream } = await storage.create('ticket-attachments', extensionOf(row.key))
    await pipeline(Readable.from([Buffer.from(file.content)]), stream)
    const moved = await db
      .update(ticketAttachments)
      .set({ storageKey: key })
      .where(and(eq(ticketAttachments.id, row.id), eq(ticketAttachments.storageKey, row.key)))
      .returning({ id: ticketAttachments.id })
    // Another instance stored it first; keep theirs.
    if (moved.length === 0) await storage.remove(key)
  }
  if (pending.length > 0) log.info({ files: pending.length }, 'demo ticket attachments stored')
}
