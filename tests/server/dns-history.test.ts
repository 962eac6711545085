import { describe, expect, it } from 'vitest'
import { signIn } from './helpers/auth'
import { requests } from './helpers/requests'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()
const { get, post } = requests(app)
const demo = await signIn(app)
const put = (url: string, payload: object) =>
  app.inject({ method: 'PUT', url, payload, headers: demo.headers })
const del = (url: string) => app.inject({ method: 'DELETE', url, headers: demo.headers })

const domains: { id: number; domain_name: string }[] = (await get('/api/domains/domains/', demo)).json()
  .results
const company = domains.find((d) => d.domain_name === 'demo-company.com')?.id ?? 0

type Listed = { id: number; type: string; host: string; value: string; ttl: number; priority: number | null }
const listed = async () =>
  (await get(`/api/domains/dns-records/?domain=${company}`, demo)).json().results as Listed[]
/** The record set without ids, in a stable order, to compare exactly. */
const recordSet = async () =>
  (await listed())
    .map(({ type, host, value, ttl, priority }) => `${type} ${host} ${value} ${ttl} ${priority}`)
    .sort()
const history = async () =>
  (await get(`/api/domains/domains/${company}/dns_history/`, demo)).json().results as {
    number: number
    kind: string
    summary: string
    actor: string | null
    current: boolean
  }[]
const restore = (version: number, dryRun: boolean, extra: object = {}) =>
  post(`/api/domains/domains/${company}/dns_history/${version}/restore/`, { dry_run: dryRun, ...extra }, demo)

describe('change history and rollback', () => {
  it('keeps every change as a version with who, when and what, after a baseline of the records before', async () => {
    expect(await history()).toEqual([])
    const original = await recordSet()
    const added = await post(
      '/api/domains/dns-records/',
      { domain: company, type: 'A', host: 'shop', value: '192.0.2.50' },
      demo,
    )
    expect(added.statusCode).toBe(201)
    await put(`/api/domains/dns-records/${added.json().id}/`, {
      domain: company,
      type: 'A',
      host: 'shop',
      value: '192.0.2.51',
      ttl: 600,
    })
    const www = (await listed()).find((r) => r.host === 'www')
    expect((await del(`/api/domains/dns-records/${www?.id}/`)).statusCode).toBe(204)
    await post(`/api/domains/domains/${company}/apply_dns_template/`, { template: 'google-workspace' }, demo)
    const versions = await history()
    expect(versions.map((v) => [v.number, v.kind, v.summary])).toEqual([
      [5, 'template', 'Applied the Google Workspace template (2 records)'],
      [4, 'delete', 'Deleted CNAME www demo-company.com'],
      [3, 'edit', 'Changed A shop 192.0.2.50 to A shop 192.0.2.51'],
      [2, 'add', 'Added A shop 192.0.2.50'],
      [1, 'baseline', 'The records as they were when the change history began'],
    ])
    expect(versions[0]).toMatchObject({ actor: 'demo@example.com', current: true })
    expect(versions[4]).toMatchObject({ actor: null, current: false })
    // The baseline holds the records from before the first change.
    const preview = (await restore(1, true)).json()
    expect(preview.applied).toBe(false)
    expect(preview.added.map((a: { record: Listed }) => `${a.record.type} ${a.record.host}`)).toEqual([
      'CNAME www',
    ])
    expect(
      preview.removed.map((r: { record: Listed }) => `${r.record.type} ${r.record.value}`).sort(),
    ).toEqual(['A 192.0.2.51', 'MX smtp.google.com', 'TXT v=spf1 include:_spf.google.com ~all'])
    expect(await recordSet()).not.toEqual(original)
  })

  it('restores a version in one step to its exact record set, and keeps the restore as a version', async () => {
    const before = await history()
    const latest = before[0]?.number ?? 0
    const applied = await restore(1, false, { base_version: latest })
    expect(applied.statusCode).toBe(200)
    expect(applied.json()).toMatchObject({ applied: true, version: latest + 1 })
    const baseline = await recordSet()
    expect(baseline).toEqual(
      [
        'A @ 192.0.2.10 3600 null',
        'A mail 192.0.2.25 3600 null',
        'CNAME www demo-company.com 3600 null',
        'MX @ mail.demo-company.com 3600 10',
        'TXT @ v=spf1 mx -all 3600 null',
      ].sort(),
    )
    const [newest] = await history()
    expect(newest).toMatchObject({
      kind: 'restore',
      summary: 'Restored version 1: 1 added, 3 removed',
      current: true,
    })
    // Version 3 (shop at .51, www still there) comes back exactly, too.
    expect((await restore(3, false)).statusCode).toBe(200)
    expect(await recordSet()).toEqual([...baseline, 'A shop 192.0.2.51 600 null'].sort())
  })

  it('refuses a restore previewed against an older version, and an unknown version with 404', async () => {
    expect((await restore(2, false, { base_version: 1 })).statusCode).toBe(409)
    expect((await restore(999, true)).statusCode).toBe(404)
    const other = await signIn(app, { email: 'northwind@example.com', password: 'NorthwindPass!2026' })
    expect((await get(`/api/domains/domains/${company}/dns_history/`, other)).statusCode).toBe(404)
    expect(
      (await post(`/api/domains/domains/${company}/dns_history/1/restore/`, { dry_run: true }, other))
        .statusCode,
    ).toBe(404)
  })
})
