import { desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { clientProjectListSchema } from '../../../src/contract/portal'
import { ticketDetailSchema, ticketListSchema, type TicketDetail } from '../../../src/contract/support'
import { mailOutbox } from '../../../server/db/schema'
import { registerClient, signIn, STAFF, type SignedIn } from './auth'
import { requests } from './requests'

/** The callers, seeded projects and lookups the support API tests share. */
export async function supportFixture(app: FastifyInstance) {
  const { get } = requests(app)
  const demo = await signIn(app)
  const staff = await signIn(app, STAFF)
  const other = await registerClient(app)
  const projects = clientProjectListSchema.parse((await get('/api/client/projects/', demo)).json())
  const projectId = (name: string) => projects.results.find((p) => p.project_name === name)?.project ?? 0

  async function tickets(query: string, who: SignedIn = demo) {
    const response = await get(`/api/support/tickets/${query}`, who)
    expect(response.statusCode).toBe(200)
    return ticketListSchema.parse(response.json())
  }
  async function ticketByTitle(title: string) {
    const list = await tickets(`?search=${encodeURIComponent(title)}`)
    const ticket = list.results[0]
    if (!ticket) throw new Error(`no ticket ${title}`)
    return ticket
  }
  async function detail(id: number, who: SignedIn = demo): Promise<TicketDetail> {
    const response = await get(`/api/support/tickets/${id}/`, who)
    expect(response.statusCode).toBe(200)
    return ticketDetailSchema.parse(response.json())
  }
  async function mails(to: string) {
    return app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id))
  }
  return {
    demo,
    staff,
    other,
    atlas: projectId('Atlas Commerce Platform'),
    warehouse: projectId('Data Warehouse Migration'),
    tickets,
    ticketByTitle,
    detail,
    mails,
  }
}
