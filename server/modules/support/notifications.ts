import type { FastifyBaseLogger } from 'fastify'
import { site } from '@/contract/site'
import type { Mailer } from '../../adapters/mail'
import type * as repo from './repository'

export interface NotifyDeps {
  mailer: Mailer
  publicUrl: string
  log: FastifyBaseLogger
}

/** E-mails the client who opened the ticket; a mail failure never undoes the change it reports. */
export async function notifyClient(
  deps: NotifyDeps,
  row: repo.TicketRow,
  message: { subject: string; body: string },
) {
  if (row.creator.role !== 'client') return
  const link = `${deps.publicUrl}/project/${row.ticket.projectId}?tab=tickets&ticket=${row.ticket.id}`
  try {
    await deps.mailer.send({
      to: row.creator.email,
      subject: `${message.subject}: ${row.ticket.title}`,
      template: 'support-ticket-update',
      text: `Hello ${row.creator.firstName},\n\n${message.body}\n\nOpen the ticket: ${link}\n\nThe ${site.name} team`,
    })
  } catch (error) {
    deps.log.error({ err: error, ticketId: row.ticket.id }, 'ticket e-mail failed')
  }
}
