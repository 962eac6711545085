import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { signIn } from './helpers/auth'
import { FakeNameCom, NAMECOM } from './helpers/fake-namecom'
import { requests } from './helpers/requests'
import { createTestApp } from './helpers/test-app'

/*
 * Imports and restores through the Name.com adapter against its local fake: all or nothing means that
 * when one call of many fails, the calls already made are undone and the zone is as it was.
 */
const fake = await new FakeNameCom().start()
const app = await createTestApp({
  env: { NAMECOM_USERNAME: NAMECOM.username, NAMECOM_TOKEN: NAMECOM.token, NAMECOM_API_URL: fake.url },
})
afterAll(async () => {
  await app.close()
  await fake.stop()
})
const { get, post } = requests(app)
const demo = await signIn(app)
const domains: { id: number; domain_name: string }[] = (await get('/api/domains/domains/', demo)).json()
  .results
const company = domains.find((d) => d.domain_name === 'demo-company.com')?.id ?? 0

type Listed = { type: string; host: string; value: string; ttl: number; priority: number | null }
const stored = async () =>
  ((await get(`/api/domains/dns-records/?domain=${company}`, demo)).json().results as Listed[])
    .map((r) => `${r.type} ${r.host} ${r.value} ${r.ttl} ${r.priority}`)
    .sort()
/** What Name.com holds, in the same form ('' is the apex there). */
const atNameCom = () =>
  (fake.domains.get('demo-company.com')?.records ?? [])
    .map((r) => `${r.type} ${r.host || '@'} ${r.answer} ${r.ttl} ${r.priority ?? null}`)
    .sort()

// The demo domain at Name.com with the seeded records under the ids our database keeps for them.
const seeded = (await get(`/api/domains/dns-records/?domain=${company}`, demo)).json().results as (Listed & {
  id: number
})[]
fake.domains.set('demo-company.com', {
  domainName: 'demo-company.com',
  createDate: new Date().toISOString(),
  expireDate: new Date(Date.now() + 300 * 86400_000).toISOString(),
  locked: true,
  autorenewEnabled: true,
  nameservers: ['ns1.name.com', 'ns2.name.com'],
  contacts: {},
  authCode: 'x',
  // Sorted by our id: the order the seed stored them, which gave them the registrar ids 1, 2, 3…
  records: [...seeded]
    .sort((a, b) => a.id - b.id)
    .map((r, i) => ({
      id: i + 1,
      host: r.host === '@' ? '' : r.host,
      type: r.type,
      answer: r.value,
      ttl: r.ttl,
      ...(r.priority !== null ? { priority: r.priority } : {}),
    })),
})
// Our rows name the registrar's ids '1'…'5' in the seed's order.
if (seeded.length !== 5) throw new Error('the seed changed: expected 5 records on demo-company.com')

/** Replaces the A @ and TXT (2 updates), deletes www (1), adds seven hosts (7): ten calls. */
const ZONE = [
  '$ORIGIN demo-company.com.',
  '@ 3600 IN A 192.0.2.200',
  'mail 3600 IN A 192.0.2.25',
  '@ 3600 IN MX 10 mail',
  '@ 3600 IN TXT "v=spf1 mx ~all"',
  ...Array.from({ length: 7 }, (_, i) => `host${i} 3600 IN A 192.0.2.${i + 1}`),
].join('\n')
const recordCalls = () =>
  fake.requests.filter((r) => r.path.startsWith('/v4/domains/demo-company.com/records'))

beforeEach(() => {
  fake.requests.length = 0
  fake.failWhen = null
})

describe('an import through Name.com is all or nothing', () => {
  it('undoes the four calls made when the fifth of ten fails, and changes nothing here either', async () => {
    const before = { ours: await stored(), theirs: atNameCom() }
    expect(before.theirs).toEqual(before.ours)
    let calls = 0
    fake.failWhen = (request) =>
      request.path.startsWith('/v4/domains/') && ++calls === 5
        ? { status: 500, message: 'Internal Error' }
        : null
    const response = await post(`/api/domains/domains/${company}/zone/`, { zone: ZONE, dry_run: false }, demo)
    expect(response.statusCode).toBe(502)
    expect(response.json().detail).toMatch(
      /^Failed to import the zone file: the registrar failed .*nothing was changed\.$/,
    )
    // Ten planned: four went through, the fifth failed, then the four were undone newest first.
    const methods = recordCalls().map((r) => r.method)
    expect(methods.slice(0, 5)).toEqual(['DELETE', 'PUT', 'PUT', 'POST', 'POST'])
    expect(methods.slice(5)).toEqual(['DELETE', 'PUT', 'PUT', 'POST'])
    expect(atNameCom()).toEqual(before.theirs)
    expect(await stored()).toEqual(before.ours)
    expect((await get(`/api/domains/domains/${company}/dns_history/`, demo)).json().count).toBe(0)
    // The deleted www came back under a new Name.com id, which our row now names: deleting it works.
    fake.failWhen = null
    const www = (
      (await get(`/api/domains/dns-records/?domain=${company}`, demo)).json().results as (Listed & {
        id: number
      })[]
    ).find((r) => r.host === 'www')
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/domains/dns-records/${www?.id}/`,
          headers: demo.headers,
        })
      ).statusCode,
    ).toBe(204)
    expect(atNameCom().some((r) => r.startsWith('CNAME www'))).toBe(false)
  })

  it('applies the whole zone through the adapter when every call succeeds', async () => {
    const response = await post(`/api/domains/domains/${company}/zone/`, { zone: ZONE, dry_run: false }, demo)
    expect(response.statusCode).toBe(200)
    expect(response.json().applied).toBe(true)
    expect(await stored()).toHaveLength(11)
    expect(atNameCom()).toEqual(await stored())
  })

  it('records what Name.com holds when an undo fails too, and says so', async () => {
    const restoreTo = (await get(`/api/domains/domains/${company}/dns_history/`, demo))
      .json()
      .results.at(-1).number
    let calls = 0
    // The third call fails, and so does undoing the second.
    fake.failWhen = (request) => {
      if (!request.path.startsWith('/v4/domains/')) return null
      calls++
      return calls === 3 || calls === 4 ? { status: 503, message: 'Unavailable' } : null
    }
    const response = await post(
      `/api/domains/domains/${company}/dns_history/${restoreTo}/restore/`,
      { dry_run: false },
      demo,
    )
    expect(response.statusCode).toBe(502)
    expect(response.json().detail).toMatch(
      /1 of the changes could not be undone; the records list shows what the registrar holds now/,
    )
    expect(await stored()).toEqual(atNameCom())
    const [newest] = (await get(`/api/domains/domains/${company}/dns_history/`, demo)).json().results
    expect(newest.summary).toMatch(/partly applied: the registrar failed and 1 changes could not be undone/)
  })
})
