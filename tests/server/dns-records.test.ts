import { describe, expect, it } from 'vitest'
import { dnsRuleMessages } from '@/contract/dns-records'
import { signIn } from './helpers/auth'
import { requests } from './helpers/requests'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()
const { get, post } = requests(app)
const demo = await signIn(app)
const put = (url: string, payload: object) =>
  app.inject({ method: 'PUT', url, payload, headers: demo.headers })

const domains: { id: number; domain_name: string }[] = (await get('/api/domains/domains/', demo)).json()
  .results
const domainId = (name: string) => {
  const found = domains.find((d) => d.domain_name === name)
  if (!found) throw new Error(`${name} is not seeded`)
  return found.id
}
// The seed gives demo-company.com A @, CNAME www, MX @ and an SPF TXT; dana-mercer-studio.com has none.
const studio = domainId('dana-mercer-studio.com')
const company = domainId('demo-company.com')
const add = (domain: number, record: object) => post('/api/domains/dns-records/', { domain, ...record }, demo)
const records = async (domain: number) =>
  (await get(`/api/domains/dns-records/?domain=${domain}`, demo)).json().results as {
    id: number
    type: string
    host: string
    value: string
  }[]

describe('per-type rules on the API (the messages the editor shows)', () => {
  it('refuses an MX whose exchange is an IP address, with the message on the value field', async () => {
    const response = await add(studio, { type: 'MX', host: '@', value: '192.0.2.1', priority: 10 })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      detail: dnsRuleMessages.mxTarget,
      value: [dnsRuleMessages.mxTarget],
    })
  })

  it('accepts the CAA tags issuemail and issuevmc, and a TXT longer than 255 characters', async () => {
    expect(
      (await add(studio, { type: 'CAA', host: '@', value: '0 issuemail "mail-ca.example"' })).statusCode,
    ).toBe(201)
    expect(
      (await add(studio, { type: 'CAA', host: '@', value: '0 issuevmc "vmc-ca.example"' })).statusCode,
    ).toBe(201)
    const long = `v=DKIM1; k=rsa; p=${'B'.repeat(300)}`
    const txt = await add(studio, { type: 'TXT', host: 'google._domainkey', value: long })
    expect(txt.statusCode).toBe(201)
    expect(txt.json().value).toBe(long)
  })

  it('refuses a TTL outside 300 to 604800 and a priority above 65535 with their field messages', async () => {
    const ttl = await add(studio, { type: 'A', host: 'ttl', value: '192.0.2.9', ttl: 60 })
    expect(ttl.json()).toMatchObject({ ttl: [dnsRuleMessages.ttl] })
    const priority = await add(studio, { type: 'MX', host: '@', value: 'mx.example.net', priority: 70000 })
    expect(priority.json()).toMatchObject({ priority: [dnsRuleMessages.priority] })
  })
})

describe('a CNAME is the only record at its name', () => {
  it('refuses another record beside an existing CNAME, and a CNAME beside existing records', async () => {
    // CNAME first (the seed's www), then an A record at www.
    const beside = await add(company, { type: 'A', host: 'www', value: '192.0.2.20' })
    expect(beside.statusCode).toBe(400)
    expect(beside.json().host[0]).toMatch(/www has a CNAME record, which must be the only record/)
    // Other record first (the seed's MX and TXT at @... and an A at shop), then a CNAME there.
    expect((await add(company, { type: 'A', host: 'shop', value: '192.0.2.21' })).statusCode).toBe(201)
    const cname = await add(company, { type: 'CNAME', host: 'shop', value: 'shops.example.net' })
    expect(cname.statusCode).toBe(400)
    expect(cname.json().detail).toMatch(/shop already has A records; a CNAME must be the only record/)
  })

  it('refuses a second CNAME on one name and a CNAME on the domain itself', async () => {
    const second = await add(company, { type: 'CNAME', host: 'www', value: 'elsewhere.example.net' })
    expect(second.statusCode).toBe(400)
    expect(second.json().detail).toMatch(/already has a CNAME record; a name can have only one/)
    const apex = await add(company, { type: 'CNAME', host: '@', value: 'elsewhere.example.net' })
    expect(apex.json()).toMatchObject({ host: [dnsRuleMessages.apexCname] })
  })

  it('refuses an edit that turns a record into a CNAME beside others, and leaves the record as it was', async () => {
    const list = await records(company)
    const a = list.find((r) => r.type === 'A' && r.host === '@')
    if (!a) throw new Error('seed lacks A @')
    const mx = await put(`/api/domains/dns-records/${a.id}/`, {
      domain: company,
      type: 'CNAME',
      host: 'alias',
      value: 'www.example.net',
    })
    expect(mx.statusCode).toBe(200)
    const stillA = await add(company, { type: 'A', host: 'alias', value: '192.0.2.30' })
    expect(stillA.statusCode).toBe(400)
    expect((await records(company)).find((r) => r.id === a.id)).toMatchObject({
      type: 'CNAME',
      host: 'alias',
    })
  })

  it('refuses a template whose records clash with a CNAME, adding none of them', async () => {
    const before = await records(studio)
    expect(
      (await add(studio, { type: 'CNAME', host: 'www', value: 'somewhere.example.net' })).statusCode,
    ).toBe(201)
    const applied = await post(
      `/api/domains/domains/${studio}/apply_dns_template/`,
      { template: 'github-pages', github_user: 'octo' },
      demo,
    )
    expect(applied.statusCode).toBe(400)
    expect(applied.json().detail).toMatch(/CNAME www octo.github.io: www already has a CNAME record/)
    expect(await records(studio)).toHaveLength(before.length + 1)
  })

  it('keeps MX targets inside the domain loadable: no MX to a name without an address, no deleting that address', async () => {
    const mx = await add(company, { type: 'MX', host: '@', value: 'mx2.demo-company.com', priority: 20 })
    expect(mx.statusCode).toBe(400)
    expect(mx.json().value[0]).toBe(
      'mx2.demo-company.com is in this domain but has no A or AAAA record; add one for it first.',
    )
    const address = (await records(company)).find((r) => r.type === 'A' && r.host === 'mail')
    if (!address) throw new Error('seed lacks A mail')
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/domains/dns-records/${address.id}/`,
      headers: demo.headers,
    })
    expect(del.statusCode).toBe(400)
    expect(del.json().detail).toMatch(
      /^MX @ 10 mail.demo-company.com: mail.demo-company.com is in this domain but has no A/,
    )
  })
})
