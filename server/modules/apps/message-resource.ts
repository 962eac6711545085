import {
  messagingErrors,
  type MessageBody,
  type MessageList,
  type MessageListQuery,
} from '@/contract/messaging'
import type { Executor } from '../../db/client'
import { messagingError } from './api-errors'
import * as repo from './message-repository'
import { appForKey, recipientOrNull } from './messaging'

/** A stored message as the messaging API answers it (and callbacks carry it). */
export function toMessageBody(row: repo.MessageRow): MessageBody {
  const failed = row.status === 'failed' || row.status === 'undelivered'
  return {
    id: row.id,
    channel: row.type,
    to: row.sentTo,
    subject: row.subject,
    status: row.status,
    segments: row.segments,
    test: row.test,
    attempts: row.attempts,
    error_code: failed ? (row.errorCode ?? 'delivery_failed') : null,
    error_message: failed ? row.error : null,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  }
}

/** A message of the key's app and mode; another app's message (or the other mode's) is not found. */
export async function readMessage(db: Executor, key: string | undefined, messageId: number) {
  const app = await appForKey(db, key)
  const row = await repo.findMessage(db, app.appId, messageId, app.test)
  if (!row) throw messagingError('not_found', messagingErrors.notFound)
  return toMessageBody(row)
}

/**
 * The key's app's messages of the key's mode, newest first, a cursor page at a time: `next` is this
 * query again with `starting_after` = the page's last id, null on the last page.
 */
export async function listMessages(
  db: Executor,
  key: string | undefined,
  query: MessageListQuery,
  pageUrl: URL,
): Promise<MessageList> {
  const app = await appForKey(db, key)
  // `to` is compared as it is stored: E.164, or a lower-cased address.
  const to = query.to
    ? (recipientOrNull(query.channel ?? (query.to.includes('@') ? 'email' : 'sms'), query.to) ?? query.to)
    : undefined
  const rows = await repo.listMessages(db, app.appId, app.test, {
    limit: query.limit,
    startingAfter: query.starting_after,
    status: query.status,
    channel: query.channel,
    to,
    createdAfter: query.created_after,
    createdBefore: query.created_before,
  })
  const page = rows.slice(0, query.limit)
  const hasMore = rows.length > query.limit
  const last = page.at(-1)
  let next: string | null = null
  if (hasMore && last) {
    const url = new URL(pageUrl)
    url.searchParams.set('starting_after', String(last.id))
    next = url.toString()
  }
  return { results: page.map(toMessageBody), has_more: hasMore, next }
}
