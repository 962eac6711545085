import { CLIENT_HISTORY_TICKETS, type TicketClientHistory } from '@/contract/support-staff'
import type { Database } from '../../db/client'
import { notFound } from '../../lib/errors'
import * as repo from './repository'

/** Staff: the client behind a ticket, with their other tickets and their projects (the ticket view's panel). */
export async function ticketClientHistory(db: Database, ticketId: number): Promise<TicketClientHistory> {
  const companies = await repo.ticketClients(db, ticketId)
  if (!companies) throw notFound()
  const history = await repo.clientHistory(
    db,
    companies.map((c) => c.id),
    ticketId,
    CLIENT_HISTORY_TICKETS,
  )
  return {
    clients: companies.map((c) => ({ id: c.id, company_name: c.companyName, email: c.email })),
    tickets_count: history.count,
    tickets: history.tickets.map((t) => ({
      id: t.id,
      title: t.title,
      status: t.status,
      priority: t.priority,
      project: t.projectId,
      created_at: t.createdAt.toISOString(),
    })),
    projects: history.projects,
  }
}
