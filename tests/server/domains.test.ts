import { describe, expect, it } from 'vitest'
import { nextAddress, registerClient, signIn } from './helpers/auth'
import { requests } from './helpers/requests'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()
const { get, post } = requests(app)
const demo = await signIn(app)
const other = await registerClient(app)
const put = (url: string, payload: object, who = demo) =>
  app.inject({ method: 'PUT', url, payload, headers: who.headers })
const del = (url: string, who = demo) => app.inject({ method: 'DELETE', url, headers: who.headers })
const visitor = () => ({ remoteAddress: nextAddress() })

interface DomainBody {
  id: number
  domain_name: string
  status: string
  locked: boolean
  auto_renew: boolean
  nameservers: string[]
}
async function demoDomains(): Promise<DomainBody[]> {
  const response = await get('/api/domains/domains/', demo)
  expect(response.statusCode).toBe(200)
  return response.json().results
}
const byName = async (name: string) => {
  const found = (await demoDomains()).find((d) => d.domain_name === name)
  if (!found) throw new Error(`${name} is not seeded`)
  return found
}

describe('public search', () => {
  it('checks full names without a sign-in: registered and reserved names are taken, short names premium', async () => {
    const response = await post(
      '/api/domains/domains/check_availability/',
      { domain_names: ['demo-company.com', 'example.org', 'fresh-idea-2026.io', 'abc.com'] },
      visitor(),
    )
    expect(response.statusCode).toBe(200)
    const results = response.json().results
    expect(results.map((r: { purchasable: boolean }) => r.purchasable)).toEqual([false, false, true, true])
    expect(results[2]).toMatchObject({ tld: 'io', price: 39.99, currency: 'USD', premium: false })
    expect(results[3]).toMatchObject({ premium: true, purchasePrice: 499 })
  })

  it('refuses names that are no offered domain, and more than 50 names, with 400', async () => {
    for (const domain_names of [['no-tld'], ['bad_name.com'], ['name.xyz'], ['-dash.com'], [], 'x']) {
      const response = await post('/api/domains/domains/check_availability/', { domain_names }, visitor())
      expect(response.statusCode, JSON.stringify(domain_names)).toBe(400)
    }
    const many = Array.from({ length: 51 }, (_, i) => `name${i}.com`)
    expect(
      (await post('/api/domains/domains/check_availability/', { domain_names: many }, visitor())).statusCode,
    ).toBe(400)
  })

  it('searches a normalised keyword in the chosen TLDs and suggests the six suffixes', async () => {
    const response = await post(
      '/api/domains/domains/search/',
      { keyword: '  My Shop!  ', tlds: ['com', 'io', 'xyz'] },
      visitor(),
    )
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.results.map((r: { domainName: string }) => r.domainName)).toEqual(['myshop.com', 'myshop.io'])
    expect(body.suggestions).toEqual([
      'myshopshop.com',
      'myshopstore.com',
      'myshoponline.com',
      'myshopapp.com',
      'myshoptech.com',
      'myshopdigital.com',
    ])
  })

  it("answers an empty keyword with the spec's message and no TLD with 400", async () => {
    const empty = await post('/api/domains/domains/search/', { keyword: ' !! ', tlds: ['com'] }, visitor())
    expect(empty.statusCode).toBe(400)
    expect(empty.json().detail).toBe('Please enter a domain name')
    expect(
      (await post('/api/domains/domains/search/', { keyword: 'x', tlds: ['xyz'] }, visitor())).statusCode,
    ).toBe(400)
    expect((await post('/api/domains/domains/search/', { keyword: 5 }, visitor())).statusCode).toBe(400)
  })
})

describe('my domains', () => {
  it('lists the demo client its three seeded domains, expired read from the date, filtered by status and search', async () => {
    const all = await demoDomains()
    expect(all.map((d) => [d.domain_name, d.status])).toEqual([
      ['dana-mercer-studio.com', 'active'],
      ['demo-company-archive.net', 'expired'],
      ['demo-company.com', 'active'],
    ])
    const expired = (await get('/api/domains/domains/?status=expired', demo)).json().results
    expect(expired.map((d: DomainBody) => d.domain_name)).toEqual(['demo-company-archive.net'])
    const search = (await get('/api/domains/domains/?search=studio', demo)).json().results
    expect(search).toHaveLength(1)
    expect((await get('/api/domains/domains/?status=parked', demo)).statusCode).toBe(400)
  })

  it("needs a sign-in and hides one client's domains and records from another (404)", async () => {
    expect((await get('/api/domains/domains/')).statusCode).toBe(401)
    const mine = await byName('demo-company.com')
    expect((await get('/api/domains/domains/', other)).json().results).toEqual([])
    for (const url of [`/api/domains/domains/${mine.id}/`, `/api/domains/dns-records/?domain=${mine.id}`])
      expect((await get(url, other)).statusCode, url).toBe(404)
    for (const action of ['lock', 'unlock', 'toggle_autorenew', 'get_auth_code'])
      expect((await post(`/api/domains/domains/${mine.id}/${action}/`, {}, other)).statusCode, action).toBe(
        404,
      )
    const records = (await get(`/api/domains/dns-records/?domain=${mine.id}`, demo)).json().results
    expect((await del(`/api/domains/dns-records/${records[0].id}/`, other)).statusCode).toBe(404)
    expect(
      (
        await put(
          `/api/domains/dns-records/${records[0].id}/`,
          { domain: mine.id, type: 'A', host: '@', value: '192.0.2.1' },
          other,
        )
      ).statusCode,
    ).toBe(404)
    expect((await get('/api/domains/domains/999999/', demo)).statusCode).toBe(404)
    expect((await get('/api/domains/domains/abc/', demo)).statusCode).toBe(400)
  })

  it('refuses the transfer code while locked, gives it once unlocked, and toggles auto-renew', async () => {
    const domain = await byName('demo-company.com')
    expect(domain.locked).toBe(true)
    const refused = await post(`/api/domains/domains/${domain.id}/get_auth_code/`, {}, demo)
    expect(refused.statusCode).toBe(409)
    expect((await post(`/api/domains/domains/${domain.id}/unlock/`, {}, demo)).json().locked).toBe(false)
    const code = await post(`/api/domains/domains/${domain.id}/get_auth_code/`, {}, demo)
    expect(code.statusCode).toBe(200)
    expect(code.json().auth_code).toMatch(/\w{6,}/)
    expect((await post(`/api/domains/domains/${domain.id}/lock/`, {}, demo)).json().locked).toBe(true)
    const toggled = await post(`/api/domains/domains/${domain.id}/toggle_autorenew/`, {}, demo)
    expect(toggled.json().auto_renew).toBe(!domain.auto_renew)
  })

  it('updates nameservers only with at least 2 valid host names, blank entries dropped', async () => {
    const domain = await byName('dana-mercer-studio.com')
    const url = `/api/domains/domains/${domain.id}/update_nameservers/`
    const few = await post(url, { nameservers: ['ns1.host.example', '  '] }, demo)
    expect(few.statusCode).toBe(400)
    expect(few.json().detail).toBe('Please provide at least 2 nameservers')
    expect((await post(url, { nameservers: ['ns1.host.example', 'not a host'] }, demo)).statusCode).toBe(400)
    expect((await post(url, { nameservers: 'ns1' }, demo)).statusCode).toBe(400)
    const saved = await post(url, { nameservers: ['NS1.Host.Example', '', 'ns2.host.example.'] }, demo)
    expect(saved.statusCode).toBe(200)
    expect(saved.json().nameservers).toEqual(['ns1.host.example', 'ns2.host.example'])
  })

  it('updates the registrant contact and refuses a phone without its country code', async () => {
    const domain = await byName('dana-mercer-studio.com')
    const contact = {
      first_name: 'Dana',
      last_name: 'Mercer',
      email: 'Dana@Example.com',
      phone: '+1 312 555 0100',
      address1: '1 New St',
      city: 'Chicago',
      state: 'IL',
      zip: '60601',
      country: 'us',
    }
    const url = `/api/domains/domains/${domain.id}/update_contacts/`
    expect((await post(url, { ...contact, phone: '555 0100' }, demo)).statusCode).toBe(400)
    const saved = await post(url, contact, demo)
    expect(saved.statusCode).toBe(200)
    expect(saved.json().contact).toMatchObject({
      email: 'dana@example.com',
      phone: '+1.3125550100',
      country: 'US',
    })
  })
})

describe('DNS records', () => {
  it('adds, edits and deletes records with TTL 3600 and priority 10 by default (priority only for MX and SRV)', async () => {
    const domain = await byName('dana-mercer-studio.com')
    const created = await post(
      '/api/domains/dns-records/',
      { domain: domain.id, type: 'MX', host: '@', value: 'mail.example.net' },
      demo,
    )
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ type: 'MX', ttl: 3600, priority: 10, value: 'mail.example.net' })
    const a = await post(
      '/api/domains/dns-records/',
      { domain: domain.id, type: 'A', host: 'www', value: '192.0.2.44', priority: 5 },
      demo,
    )
    expect(a.json().priority).toBeNull()
    const edited = await put(`/api/domains/dns-records/${a.json().id}/`, {
      domain: domain.id,
      type: 'A',
      host: 'www',
      value: '192.0.2.45',
      ttl: 600,
    })
    expect(edited.json()).toMatchObject({ value: '192.0.2.45', ttl: 600 })
    const list = (await get(`/api/domains/dns-records/?domain=${domain.id}`, demo)).json().results
    expect(list).toHaveLength(2)
    expect((await del(`/api/domains/dns-records/${a.json().id}/`)).statusCode).toBe(204)
    expect((await get(`/api/domains/dns-records/?domain=${domain.id}`, demo)).json().results).toHaveLength(1)
  })

  it('refuses values that do not fit the type, and bad bodies, with 400', async () => {
    const domain = await byName('dana-mercer-studio.com')
    const bad = [
      { type: 'A', host: '@', value: '300.1.1.1' },
      { type: 'AAAA', host: '@', value: '192.0.2.1' },
      { type: 'CNAME', host: '@', value: 'target.example.com' },
      { type: 'CNAME', host: 'www', value: 'not a host' },
      { type: 'MX', host: '@', value: '192.0.2.1 x' },
      { type: 'SRV', host: '_sip._tcp', value: '5 5060' },
      { type: 'CAA', host: '@', value: 'issue letsencrypt.org' },
      { type: 'TXT', host: 'bad host', value: 'x' },
      { type: 'SPF', host: '@', value: 'x' },
      { type: 'A', host: '', value: '192.0.2.1' },
      { type: 'A', host: '@', value: '' },
      { type: 'A', host: '@', value: '192.0.2.1', ttl: 5 },
      { type: 'A', host: '@', value: '192.0.2.1', ttl: 'soon' },
    ]
    for (const record of bad) {
      const response = await post('/api/domains/dns-records/', { domain: domain.id, ...record }, demo)
      expect(response.statusCode, JSON.stringify(record)).toBe(400)
    }
    const good = [
      { type: 'AAAA', host: '@', value: '2001:db8::1' },
      { type: 'SRV', host: '_sip._tcp', value: '5 5060 sip.example.com', priority: 20 },
      { type: 'CAA', host: '@', value: '0 issue "letsencrypt.org"' },
      { type: 'NS', host: 'sub', value: 'ns1.example.com' },
      { type: 'TXT', host: '*', value: 'hello world' },
    ]
    for (const record of good) {
      const response = await post('/api/domains/dns-records/', { domain: domain.id, ...record }, demo)
      expect(response.statusCode, JSON.stringify(record)).toBe(201)
    }
  })

  it('applies a DNS template: the Google Workspace records land at once', async () => {
    const domain = await byName('demo-company.com')
    const response = await post(
      `/api/domains/domains/${domain.id}/apply_dns_template/`,
      { template: 'google-workspace' },
      demo,
    )
    expect(response.statusCode).toBe(201)
    expect(
      response.json().results.map((r: { type: string; value: string }) => `${r.type} ${r.value}`),
    ).toEqual(['MX smtp.google.com', 'TXT v=spf1 include:_spf.google.com ~all'])
    expect(
      (
        await post(
          `/api/domains/domains/${domain.id}/apply_dns_template/`,
          { template: 'github-pages' },
          demo,
        )
      ).statusCode,
    ).toBe(400)
    expect(
      (await post(`/api/domains/domains/${domain.id}/apply_dns_template/`, { template: 'nope' }, demo))
        .statusCode,
    ).toBe(400)
  })
})
