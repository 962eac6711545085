import {
  isOverdue,
  type Ticket,
  type TicketActivity,
  type TicketAttachment,
  type TicketComment,
} from '@/contract/support'
import { answerChangesAt } from '../../lib/data-versions'
import type * as repo from './repository'

/* How tickets and their comments, attachments and activities are answered. */

const person = (p: { firstName: string; lastName: string }) => ({
  first_name: p.firstName,
  last_name: p.lastName,
})
export const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim()

function downloadPath(attachmentId: number): string {
  return `/api/support/attachments/${attachmentId}/download/`
}

export function toTicket(row: repo.TicketRow, now: Date): Ticket {
  const t = row.ticket
  // A kept answer goes stale when an unfinished ticket falls overdue.
  if (t.dueAt && t.dueAt > now) answerChangesAt(t.dueAt)
  return {
    id: t.id,
    project: t.projectId,
    title: t.title,
    description: t.description,
    status: t.status,
    priority: t.priority,
    is_overdue: isOverdue(t.dueAt, t.status, now),
    created_by: person(row.creator),
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
    assigned_to: row.assignee ? person(row.assignee) : null,
    category: row.category,
    due_date: t.dueAt?.toISOString() ?? null,
  }
}

export function toComment(row: repo.CommentRow): TicketComment {
  return {
    id: row.comment.id,
    ticket: row.comment.ticketId,
    author: { ...person(row.author), is_staff: row.author.role === 'staff' },
    content: row.comment.content,
    is_internal: row.comment.isInternal,
    created_at: row.comment.createdAt.toISOString(),
    client_ref: row.comment.clientRef,
  }
}

export function toAttachment(row: repo.AttachmentRow, publicUrl: string): TicketAttachment {
  return {
    id: row.attachment.id,
    ticket: row.attachment.ticketId,
    file_name: row.attachment.fileName,
    file_size: row.attachment.fileSize,
    file: `${publicUrl}${downloadPath(row.attachment.id)}`,
    uploaded_by: person(row.uploader),
    uploaded_at: row.attachment.uploadedAt.toISOString(),
  }
}

export function toActivity(row: repo.ActivityRow): TicketActivity {
  return {
    id: row.activity.id,
    ticket: row.activity.ticketId,
    activity_type: row.activity.activityType,
    performed_by: row.performer ? person(row.performer) : null,
    description: row.activity.description,
    old_value: row.activity.oldValue,
    new_value: row.activity.newValue,
    created_at: row.activity.createdAt.toISOString(),
  }
}
