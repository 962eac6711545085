import { describe, expect, it } from 'vitest'
import { signIn, STAFF } from './helpers/auth'
import { openTestApp } from './helpers/test-app'

/*
 * The console's jobs (/api/staff/content/jobs/): publishing opens a job to visitors and applications.
 * Role and audit checks of every staff route are in staff.test.ts.
 */
const app = await openTestApp()
const staff = await signIn(app, STAFF)

describe('content: jobs', () => {
  it('a new job is unpublished; publishing opens it to visitors and applications, unpublishing hides it', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/staff/content/jobs/',
      headers: staff.headers,
      payload: {
        title: 'Platform Engineer',
        job_type: 'full-time',
        experience_level: 'senior',
        work_from: 'remote',
        job_description: '<p>Build <img src=x onerror=alert(1)>things</p>',
        skills: ['Go', 'Kubernetes'],
        application_deadline: '2099-12-31',
      },
    })
    expect(created.statusCode).toBe(201)
    const job = created.json()
    expect(job).toMatchObject({ slug: 'platform-engineer', is_active: false, skills: ['Go', 'Kubernetes'] })
    expect(job.job_description).not.toContain('onerror')
    const publicJob = () => app.inject({ method: 'GET', url: `/api/public/careers/${job.slug}/` })
    expect((await publicJob()).statusCode).toBe(404)
    await app.inject({
      method: 'POST',
      url: `/api/staff/content/jobs/${job.id}/publish/`,
      headers: staff.headers,
    })
    expect((await publicJob()).statusCode).toBe(200)
    await app.inject({
      method: 'POST',
      url: `/api/staff/content/jobs/${job.id}/unpublish/`,
      headers: staff.headers,
    })
    expect((await publicJob()).statusCode).toBe(404)
    const bad = await app.inject({
      method: 'PATCH',
      url: `/api/staff/content/jobs/${job.id}/`,
      headers: staff.headers,
      payload: { job_type: 'gig', application_deadline: '2099-02-30' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ job_type: expect.any(Array), application_deadline: expect.any(Array) })
  })
})
