import { describe, expect, it } from 'vitest'
import { staffProjectDetailSchema } from '../../src/contract/portal-staff'
import { signIn, STAFF } from './helpers/auth'
import { openTestApp } from './helpers/test-app'

/*
 * The console's client projects (/api/staff/projects/): what staff make shows on the client's dashboard.
 * Role and audit checks of every staff route are in staff.test.ts.
 */
const app = await openTestApp()
const demo = await signIn(app)
const staff = await signIn(app, STAFF)
const clientOptions = (
  await app.inject({ method: 'GET', url: '/api/staff/client-options/', headers: staff.headers })
).json().results as { id: number; company_name: string }[]
const demoCompany = clientOptions.find((c) => c.company_name === 'Demo Company')
const projectOf = (body: unknown) => staffProjectDetailSchema.parse(body)

describe('projects', () => {
  it('a project created for Demo Company shows on the client dashboard with its milestone', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/staff/projects/',
      headers: staff.headers,
      payload: { name: 'Loyalty App', status: 'active', clients: [demoCompany?.id], total_budget: 5000 },
    })
    expect(created.statusCode).toBe(201)
    const project = projectOf(created.json())
    await app.inject({
      method: 'POST',
      url: `/api/staff/projects/${project.id}/milestones/`,
      headers: staff.headers,
      payload: { title: 'Kick-off', amount: 1000, status: 'paid' },
    })
    const cards = (
      await app.inject({ method: 'GET', url: '/api/client/projects/', headers: demo.headers })
    ).json()
    expect(cards.results.map((c: { project_name: string }) => c.project_name)).toContain('Loyalty App')
    const overview = (
      await app.inject({
        method: 'GET',
        url: `/api/client/projects/${project.id}/overview/`,
        headers: demo.headers,
      })
    ).json()
    expect(overview.milestones.map((m: { title: string }) => m.title)).toEqual(['Kick-off'])
    expect(overview.financial).toMatchObject({ total_budget: 5000, amount_paid: 1000 })
  })

  it('refuses an end before the start and an unknown client with field errors', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/staff/projects/',
      headers: staff.headers,
      payload: { name: 'X', start_date: '2026-05-01', end_date: '2026-04-01' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().end_date).toBeDefined()
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/staff/projects/',
      headers: staff.headers,
      payload: { name: 'X', clients: [999999] },
    })
    expect(unknown.statusCode).toBe(400)
  })
})
