import { describe, expect, it } from 'vitest'
import type { DnsRecordFields } from '@/contract/dns-records'
import { emailHealth } from '../../server/modules/domains/email-health'
import { signIn } from './helpers/auth'
import { requests } from './helpers/requests'
import { openTestApp } from './helpers/test-app'

const r = (
  type: DnsRecordFields['type'],
  host: string,
  value: string,
  priority: number | null = null,
): DnsRecordFields => ({
  type,
  host,
  value,
  ttl: 3600,
  priority,
})
const check = (records: DnsRecordFields[], selectors: string[] = []) => {
  const health = emailHealth({ domainName: 'example.com', records, selectors })
  return Object.fromEntries(health.checks.map((c) => [c.check, c]))
}
const MX = r('MX', '@', 'mx.provider.net', 10)
const DMARC = r('TXT', '_dmarc', 'v=DMARC1; p=quarantine; rua=mailto:dmarc@example.com')

describe('the e-mail health check, from the records we hold', () => {
  it('finds a missing MX, and names the mail servers when there are some', () => {
    expect(check([]).mx?.status).toBe('problem')
    expect(check([MX]).mx).toMatchObject({
      status: 'ok',
      findings: ['Mail for example.com goes to mx.provider.net (priority 10).'],
    })
  })

  it('SPF: one record with valid terms and at most 10 lookups, counting includes', () => {
    expect(check([MX]).spf).toMatchObject({
      status: 'problem',
      fix: { id: 'spf-add', adds: [{ value: 'v=spf1 mx ~all' }] },
    })
    expect(check([MX, r('TXT', '@', 'v=spf1 include:_spf.google.com ~all')]).spf).toMatchObject({
      status: 'ok',
      findings: [expect.stringContaining('at least 1 of the 10 DNS lookups')],
    })
    const two = check([
      r('TXT', '@', 'v=spf1 mx ~all'),
      r('TXT', '@', 'v=spf1 include:spf.protection.outlook.com -all'),
    ]).spf
    expect(two?.status).toBe('problem')
    expect(two?.fix).toMatchObject({
      id: 'spf-merge',
      adds: [{ value: 'v=spf1 mx include:spf.protection.outlook.com ~all' }],
    })
    expect(check([r('TXT', '@', 'v=spf1 ip4:300.1.1.1 -all')]).spf?.findings).toEqual([
      '“ip4:300.1.1.1” needs an IPv4 address.',
    ])
    expect(check([r('TXT', '@', 'v=spf1 mx +all')]).spf?.fix).toMatchObject({
      id: 'spf-softfail',
      adds: [{ value: 'v=spf1 mx ~all' }],
    })
    // Eleven lookups: nine includes here plus one held include with two of its own.
    const includes = Array.from({ length: 9 }, (_, i) => `include:s${i}.example.net`).join(' ')
    const many = check([
      r('TXT', '@', `v=spf1 ${includes} include:_spf.example.com -all`),
      r('TXT', '_spf', 'v=spf1 a mx -all'),
    ]).spf
    expect(many?.status).toBe('problem')
    expect(many?.findings[0]).toMatch(/^at least 12 DNS lookups: receivers stop at 10/)
    expect(check([r('TXT', '@', 'v=spf1 a mx -all')]).spf?.findings[0]).toBe(
      'One SPF record with 2 of the 10 DNS lookups allowed.',
    )
  })

  it('DMARC: present at _dmarc with a valid policy; the fix adds p=none with a reporting address', () => {
    const missing = check([MX]).dmarc
    expect(missing?.status).toBe('problem')
    expect(missing?.fix).toEqual({
      id: 'dmarc-add',
      label: 'Add a DMARC record (p=none, with reports)',
      adds: [
        {
          type: 'TXT',
          host: '_dmarc',
          value: 'v=DMARC1; p=none; rua=mailto:dmarc-reports@example.com',
          ttl: 3600,
          priority: null,
        },
      ],
      removes: [],
      reporting_address: 'dmarc-reports@example.com',
    })
    expect(check([r('TXT', '_dmarc', 'v=DMARC1; p=maybe')]).dmarc?.findings).toEqual([
      '“p=maybe” is not a policy: use none, quarantine or reject.',
    ])
    expect(check([DMARC]).dmarc?.status).toBe('ok')
    expect(check([r('TXT', '_dmarc', 'v=DMARC1; p=none')]).dmarc?.status).toBe('warning')
  })

  it('DKIM: each selector named, a key or a CNAME to the provider; a revoked or missing key is a problem', () => {
    expect(check([]).dkim?.status).toBe('warning')
    const key = r('TXT', 'google._domainkey', `v=DKIM1; k=rsa; p=${'M'.repeat(392)}`)
    expect(check([key], ['google']).dkim).toMatchObject({
      status: 'ok',
      findings: ['google: a RSA key is published.'],
    })
    expect(check([r('TXT', 'old._domainkey', 'v=DKIM1; p=')], ['old']).dkim?.findings[0]).toMatch(/revoked/)
    expect(check([], ['selector1']).dkim?.status).toBe('problem')
    expect(
      check(
        [r('CNAME', 'selector1._domainkey', 'selector1-example-com._domainkey.contoso.onmicrosoft.com')],
        ['selector1'],
      ).dkim?.status,
    ).toBe('ok')
  })
})

const app = await openTestApp()
const { get, post } = requests(app)
const demo = await signIn(app)
const domains: { id: number; domain_name: string }[] = (await get('/api/domains/domains/', demo)).json()
  .results
const company = domains.find((d) => d.domain_name === 'demo-company.com')?.id ?? 0
const studio = domains.find((d) => d.domain_name === 'dana-mercer-studio.com')?.id ?? 0
const statuses = (body: { checks: { check: string; status: string }[] }) =>
  Object.fromEntries(body.checks.map((c) => [c.check, c.status]))

describe('the health check and its one-click fixes on the API', () => {
  it('fixes DMARC in one click with the reporting address given, kept in the change history', async () => {
    const before = (await get(`/api/domains/domains/${company}/email_health/`, demo)).json()
    expect(statuses(before)).toEqual({ mx: 'ok', spf: 'ok', dmarc: 'problem', dkim: 'warning' })
    const fixed = await post(
      `/api/domains/domains/${company}/email_health/fix/`,
      { fix: 'dmarc-add', reporting_address: 'reports@demo-company.com' },
      demo,
    )
    expect(fixed.statusCode).toBe(200)
    expect(statuses(fixed.json()).dmarc).toBe('ok')
    const records = (await get(`/api/domains/dns-records/?domain=${company}`, demo)).json().results
    expect(records).toContainEqual(
      expect.objectContaining({
        type: 'TXT',
        host: '_dmarc',
        value: 'v=DMARC1; p=none; rua=mailto:reports@demo-company.com',
      }),
    )
    const [version] = (await get(`/api/domains/domains/${company}/dns_history/`, demo)).json().results
    expect(version).toMatchObject({
      kind: 'fix',
      summary: 'E-mail health: Add a DMARC record (p=none, with reports)',
    })
    // The fix is no longer offered once applied.
    expect(
      (await post(`/api/domains/domains/${company}/email_health/fix/`, { fix: 'dmarc-add' }, demo))
        .statusCode,
    ).toBe(409)
  })

  it('checks the DKIM selectors of the templates applied, or the ones asked for', async () => {
    await post(`/api/domains/domains/${studio}/apply_dns_template/`, { template: 'microsoft-365' }, demo)
    const health = (await get(`/api/domains/domains/${studio}/email_health/`, demo)).json()
    expect(health.dkim_selectors).toEqual(['selector1', 'selector2'])
    const asked = (
      await get(`/api/domains/domains/${studio}/email_health/?dkim_selectors=google,s2`, demo)
    ).json()
    expect(asked.dkim_selectors).toEqual(['google', 's2'])
    expect(
      (await get(`/api/domains/domains/${studio}/email_health/?dkim_selectors=bad%20one!`, demo)).statusCode,
    ).toBe(400)
  })
})
