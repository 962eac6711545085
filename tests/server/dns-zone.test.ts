import { describe, expect, it } from 'vitest'
import { signIn } from './helpers/auth'
import { namedCheckzone } from './helpers/named-checkzone'
import { requests } from './helpers/requests'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()
const { get, post } = requests(app)
const demo = await signIn(app)

const domains: { id: number; domain_name: string }[] = (await get('/api/domains/domains/', demo)).json()
  .results
const domainId = (name: string) => {
  const found = domains.find((d) => d.domain_name === name)
  if (!found) throw new Error(`${name} is not seeded`)
  return found.id
}
const studio = domainId('dana-mercer-studio.com')
const company = domainId('demo-company.com')

const exportZone = (id: number) => get(`/api/domains/domains/${id}/zone/`, demo)
const importZone = (id: number, zone: string, dryRun = true, extra: object = {}) =>
  post(`/api/domains/domains/${id}/zone/`, { zone, dry_run: dryRun, ...extra }, demo)
type Listed = { type: string; host: string; value: string; ttl: number; priority: number | null }
const records = async (id: number): Promise<Listed[]> =>
  (await get(`/api/domains/dns-records/?domain=${id}`, demo))
    .json()
    .results.map(({ type, host, value, ttl, priority }: Listed) => ({ type, host, value, ttl, priority }))
const add = (domain: number, record: object) => post('/api/domains/dns-records/', { domain, ...record }, demo)

describe('zone export', () => {
  it('exports every demo domain as a zone file that named-checkzone loads', async () => {
    for (const { id, domain_name } of domains) {
      const response = await exportZone(id)
      expect(response.statusCode, domain_name).toBe(200)
      expect(response.headers['content-type']).toBe('text/dns; charset=utf-8')
      expect(response.headers['content-disposition']).toContain(`filename="${domain_name}.zone"`)
      const check = await namedCheckzone(domain_name, response.body)
      expect(check.ok, `${domain_name}\n${response.body}\n${check.output}`).toBe(true)
    }
    const zone = (await exportZone(company)).body
    expect(zone).toContain('$ORIGIN demo-company.com.\n$TTL 3600\n')
    expect(zone).toContain('@\t3600\tIN\tNS\tns1.sandbox-registrar.test.')
    expect(zone).toContain('www\t3600\tIN\tCNAME\tdemo-company.com.')
    expect(zone).toContain('@\t3600\tIN\tMX\t10 mail.demo-company.com.')
  })

  it('writes every record type so that named-checkzone loads it, a long TXT as 255-byte strings', async () => {
    const long = `v=DKIM1; k=rsa; p=${'Q'.repeat(600)}`
    const tricky = 'say "hi" \\ café'
    for (const record of [
      { type: 'A', host: '@', value: '192.0.2.80' },
      { type: 'A', host: 'mx1', value: '192.0.2.81' },
      { type: 'AAAA', host: '*.apps', value: '2001:DB8:0:0::80' },
      { type: 'MX', host: '@', value: 'mx1.dana-mercer-studio.com', priority: 5 },
      { type: 'MX', host: '@', value: 'backup-mx.example.net', priority: 20 },
      { type: 'TXT', host: 'google._domainkey', value: long },
      { type: 'TXT', host: '@', value: tricky },
      { type: 'CNAME', host: 'blog', value: 'blog-host.example.net.' },
      { type: 'NS', host: 'lab', value: 'ns1.example.net' },
      { type: 'SRV', host: '_sip._tcp', value: '5 5060 sip.example.net', priority: 10 },
      { type: 'SRV', host: '_xmpp._tcp', value: '0 0 .', priority: 0 },
      { type: 'CAA', host: '@', value: '0 issuemail "mail-ca.example"' },
      { type: 'CAA', host: '@', value: '0 iodef "mailto:security@dana-mercer-studio.com"' },
    ]) {
      const response = await add(studio, record)
      expect(response.statusCode, `${JSON.stringify(record)} ${response.body}`).toBe(201)
    }
    const zone = (await exportZone(studio)).body
    const check = await namedCheckzone('dana-mercer-studio.com', zone)
    expect(check.ok, `${zone}\n${check.output}`).toBe(true)
    const dkim = zone.split('\n').find((l) => l.startsWith('google._domainkey'))
    const strings = [...(dkim ?? '').matchAll(/"([^"]*)"/g)].map((m) => m[1] ?? '')
    expect(strings.map((s) => s.length)).toEqual([255, 255, long.length - 510])
    expect(strings.join('')).toBe(long)
    expect(zone).toContain('"say \\"hi\\" \\\\ caf\\195\\169"')
    // Exported, then imported into the same domain: nothing to change, the tricky TXT included.
    const preview = (await importZone(studio, zone)).json()
    expect(preview).toMatchObject({ valid: true, added: [], removed: [], changed: [], errors: [] })
    expect(preview.unchanged).toBe(13)
    expect(preview.notes.map((n: { message: string }) => n.message)).toEqual([
      'The SOA record is written by the name server, not imported.',
      'The domain’s own nameservers are set on the Nameservers tab, not imported.',
      'The domain’s own nameservers are set on the Nameservers tab, not imported.',
    ])
  })

  it("answers another client's domain with 404", async () => {
    const other = await signIn(app, { email: 'northwind@example.com', password: 'NorthwindPass!2026' })
    expect((await get(`/api/domains/domains/${company}/zone/`, other)).statusCode).toBe(404)
    expect((await post(`/api/domains/domains/${company}/zone/`, { zone: 'x' }, other)).statusCode).toBe(404)
  })
})

const ZONE = `; moved from another host
$ORIGIN demo-company.com.
$TTL 1h
@       IN  SOA ns1.old-host.example. admin.demo-company.com. ( 2024010101 ; serial
                3600 900 1209600 300 )
        IN  NS  ns1.old-host.example.
@   300 IN  A   192.0.2.99          ; moved
mail        A   192.0.2.25
@           MX  10 mail
www         CNAME @
shop    IN  CNAME shops.example.net.
@           TXT ( "v=spf1 mx "
                  "include:_spf.example.net -all" )
$ORIGIN _tcp.demo-company.com.
_sip        SRV 10 5 5060 sip.example.net.
`

describe('zone import', () => {
  it('previews the change: added, removed and changed, each with its validation result, and applies nothing', async () => {
    const before = await records(company)
    const response = await importZone(company, ZONE)
    expect(response.statusCode).toBe(200)
    const preview = response.json()
    expect(preview.valid).toBe(true)
    expect(preview.applied).toBe(false)
    expect(preview.changed).toEqual([
      {
        before: { type: 'A', host: '@', value: '192.0.2.10', ttl: 3600, priority: null },
        after: { type: 'A', host: '@', value: '192.0.2.99', ttl: 300, priority: null },
        line: 7,
        problems: [],
      },
      {
        before: { type: 'TXT', host: '@', value: 'v=spf1 mx -all', ttl: 3600, priority: null },
        after: {
          type: 'TXT',
          host: '@',
          value: 'v=spf1 mx include:_spf.example.net -all',
          ttl: 3600,
          priority: null,
        },
        line: 12,
        problems: [],
      },
    ])
    expect(
      preview.added.map((a: { record: Listed; line: number }) => [
        a.line,
        a.record.type,
        a.record.host,
        a.record.value,
      ]),
    ).toEqual([
      [11, 'CNAME', 'shop', 'shops.example.net'],
      [15, 'SRV', '_sip._tcp', '5 5060 sip.example.net'],
    ])
    expect(preview.unchanged).toBe(3)
    expect(preview.removed).toEqual([])
    expect(await records(company)).toEqual(before)
  })

  it('refuses a partly invalid file: the preview names each problem by line, and applying changes nothing', async () => {
    const before = await records(company)
    const bad = `$ORIGIN demo-company.com.
@ 3600 IN A 192.0.2.10
@ 3600 IN MX 10 192.0.2.1.
www 3600 IN A 192.0.2.11
big 3600 IN TXT "${'x'.repeat(300)}"
ptr 3600 IN PTR host.example.net.
`
    const preview = (await importZone(company, bad)).json()
    expect(preview.valid).toBe(false)
    const mx = preview.added.find((a: { record: Listed }) => a.record.type === 'MX')
    expect(mx.problems[0]).toMatch(/MX record points to a mail server’s host name/)
    expect(preview.errors).toEqual([
      { line: 6, message: 'PTR records cannot be served here; remove this line to import the rest.' },
    ])
    const applied = await importZone(company, bad, false)
    expect(applied.statusCode).toBe(400)
    expect(applied.json().detail).toBe('Fix the problems the preview lists; nothing was applied.')
    expect(applied.json().zone).toContain(
      'Line 6: PTR records cannot be served here; remove this line to import the rest.',
    )
    expect(await records(company)).toEqual(before)
  })

  it('finds a CNAME conflict inside the imported file', async () => {
    const zone = '$ORIGIN demo-company.com.\nwww 3600 IN CNAME a.example.net.\nwww 3600 IN A 192.0.2.5\n'
    const preview = (await importZone(company, zone)).json()
    expect(preview.valid).toBe(false)
    const problems = [...preview.added, ...preview.changed].flatMap((r: { problems: string[] }) => r.problems)
    expect(problems.join(' ')).toMatch(/a CNAME must be the only record at its name|has a CNAME record/)
    expect((await importZone(company, zone, false)).statusCode).toBe(400)
  })

  it('applies a valid file in one step: the records become exactly the file’s, kept as one version', async () => {
    const preview = (await importZone(company, ZONE)).json()
    const applied = await importZone(company, ZONE, false, { base_version: preview.version })
    expect(applied.statusCode).toBe(200)
    expect(applied.json()).toMatchObject({ applied: true, valid: true })
    expect(await records(company)).toEqual(
      expect.arrayContaining([
        { type: 'A', host: '@', value: '192.0.2.99', ttl: 300, priority: null },
        { type: 'CNAME', host: 'shop', value: 'shops.example.net', ttl: 3600, priority: null },
        { type: 'SRV', host: '_sip._tcp', value: '5 5060 sip.example.net', ttl: 3600, priority: 10 },
      ]),
    )
    expect(await records(company)).toHaveLength(7)
    const history = (await get(`/api/domains/domains/${company}/dns_history/`, demo)).json()
    expect(history.results[0]).toMatchObject({
      kind: 'import',
      summary: 'Imported a zone file: 2 added, 2 changed',
      actor: 'demo@example.com',
      current: true,
    })
    // Applying the same file again changes nothing; a stale preview is refused.
    expect((await importZone(company, ZONE, false)).json().applied).toBe(false)
    expect((await importZone(company, ZONE, false, { base_version: preview.version })).statusCode).toBe(409)
  })

  it('refuses a file over 1 MB with 413 and an empty one with 400', async () => {
    const huge = `; ${'x'.repeat(1024 * 1024)}\n`
    expect((await importZone(company, huge)).statusCode).toBe(413)
    expect((await importZone(company, '  \n')).statusCode).toBe(400)
    const many = Array.from({ length: 1001 }, (_, i) => `h${i} 3600 IN A 192.0.2.1`).join('\n')
    const tooMany = await importZone(company, `$ORIGIN demo-company.com.\n${many}\n`)
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().detail).toBe('A zone file holds at most 1,000 records.')
  })
})
