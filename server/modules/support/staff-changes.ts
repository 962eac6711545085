import { statusLabel } from '@/contract/status-colours'
import { supportMessages, type TicketDetail, type UpdateTicketInput } from '@/contract/support'
import { recordAudit } from '../../lib/audit'
import { badRequest } from '../../lib/errors'
import type { Caller } from '../../plugins/auth'
import { notifyClient } from './notifications'
import * as repo from './repository'
import { dueDateFor } from '../../lib/response-targets'
import { fullName } from './responses'
import { ticketDetail, visibleTicket, type SupportDeps } from './service'

/** Staff: PATCH /api/support/tickets/{id}/ changes status, priority and assignee; each change is recorded. */
export async function updateTicket(
  deps: SupportDeps,
  caller: Caller,
  ticketId: number,
  input: UpdateTicketInput,
): Promise<TicketDetail> {
  const row = await visibleTicket(deps, caller, ticketId)
  const current = row.ticket
  let assignee: Awaited<ReturnType<typeof repo.findUser>> | null = null
  if (input.assigned_to !== undefined && input.assigned_to !== null) {
    assignee = await repo.findUser(deps.db, input.assigned_to)
    if (!assignee || assignee.role !== 'staff') {
      throw badRequest('Invalid input.', { assigned_to: [supportMessages.notStaffAssignee] })
    }
  }
  const now = new Date()
  const changes: {
    type: 'status_changed' | 'priority_changed' | 'assigned'
    description: string
    old: string | null
    new: string | null
  }[] = []
  const values: Parameters<typeof repo.updateTicket>[2] = {}
  if (input.status && input.status !== current.status) {
    values.status = input.status
    changes.push({
      type: 'status_changed',
      description: `Ticket status changed from ${statusLabel(current.status)} to ${statusLabel(input.status)}`,
      old: current.status,
      new: input.status,
    })
  }
  if (input.priority && input.priority !== current.priority) {
    values.priority = input.priority
    // A new priority starts a new response target from now.
    values.dueAt = dueDateFor(now, deps.responseTargets[input.priority])
    changes.push({
      type: 'priority_changed',
      description: `Ticket priority changed from ${statusLabel(current.priority)} to ${statusLabel(input.priority)}`,
      old: current.priority,
      new: input.priority,
    })
  }
  if (input.assigned_to !== undefined && input.assigned_to !== current.assignedToId) {
    values.assignedToId = input.assigned_to
    const before = row.assignee ? fullName(row.assignee) : null
    const after = assignee ? fullName(assignee) : null
    changes.push({
      type: 'assigned',
      description: after ? `Ticket assigned to ${after}` : 'Ticket unassigned',
      old: before,
      new: after,
    })
  }
  if (changes.length === 0) return ticketDetail(deps, caller, ticketId)
  await deps.db.transaction(async (tx) => {
    await repo.updateTicket(tx, ticketId, { ...values, updatedAt: now })
    for (const change of changes) {
      await repo.insertActivity(tx, {
        ticketId,
        activityType: change.type,
        performedById: caller.userId,
        description: change.description,
        oldValue: change.old,
        newValue: change.new,
        createdAt: now,
      })
    }
    if (deps.audit) {
      await recordAudit(tx, deps.audit, {
        action: 'ticket.update',
        entityType: 'ticket',
        entityId: ticketId,
        summary: changes.map((c) => c.description).join('; '),
        before: Object.fromEntries(changes.map((c) => [c.type, c.old])),
        after: Object.fromEntries(changes.map((c) => [c.type, c.new])),
      })
    }
  })
  await notifyClient(deps, row, {
    subject: `Update on your ticket #${ticketId}`,
    body: `Your ticket "${current.title}" was updated:\n\n${changes.map((c) => `- ${c.description}`).join('\n')}`,
  })
  return ticketDetail(deps, caller, ticketId)
}
