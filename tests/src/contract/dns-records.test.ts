import { describe, expect, it } from 'vitest'
import {
  canonicalIpv6,
  checkDnsRecord,
  dnsRuleMessages,
  newSetProblems,
  readTxtValue,
  recordSetProblems,
  txtStrings,
  type DnsRecordDraft,
  type DnsRecordFields,
} from '@/contract/dns-records'

const DOMAIN = 'example.com'
const check = (draft: Partial<DnsRecordDraft> & Pick<DnsRecordDraft, 'type'>) =>
  checkDnsRecord({ host: '@', value: '', ...draft }, DOMAIN)
const problemsOf = (draft: Partial<DnsRecordDraft> & Pick<DnsRecordDraft, 'type'>) => check(draft).problems
const valueOf = (draft: Partial<DnsRecordDraft> & Pick<DnsRecordDraft, 'type'>) => check(draft).record?.value

describe('host names', () => {
  it('takes @, labels, a leading * and the full name typed out; keeps underscores to the types that use them', () => {
    expect(check({ type: 'A', host: 'WWW', value: '192.0.2.1' }).record?.host).toBe('www')
    expect(check({ type: 'A', host: 'shop.example.com.', value: '192.0.2.1' }).record?.host).toBe('shop')
    expect(check({ type: 'A', host: 'example.com', value: '192.0.2.1' }).record?.host).toBe('@')
    expect(check({ type: 'A', host: '*.shop', value: '192.0.2.1' }).problems).toBeNull()
    expect(check({ type: 'TXT', host: '_dmarc', value: 'v=DMARC1; p=none' }).problems).toBeNull()
    expect(problemsOf({ type: 'A', host: '_dmarc', value: '192.0.2.1' })?.host).toBe(
      dnsRuleMessages.hostUnderscore,
    )
    expect(problemsOf({ type: 'A', host: 'shop.*', value: '192.0.2.1' })?.host).toBe(dnsRuleMessages.wildcard)
    expect(problemsOf({ type: 'A', host: '-shop', value: '192.0.2.1' })?.host).toBe(
      dnsRuleMessages.hostCharacters,
    )
    expect(problemsOf({ type: 'A', host: 'a..b', value: '192.0.2.1' })?.host).toBe(dnsRuleMessages.emptyLabel)
    expect(problemsOf({ type: 'A', host: '', value: '192.0.2.1' })?.host).toBe(dnsRuleMessages.hostRequired)
  })

  it('keeps each label to 63 characters and the whole name (host and domain) to 253', () => {
    expect(check({ type: 'A', host: 'a'.repeat(63), value: '192.0.2.1' }).problems).toBeNull()
    expect(problemsOf({ type: 'A', host: 'a'.repeat(64), value: '192.0.2.1' })?.host).toBe(
      dnsRuleMessages.longLabel,
    )
    const host = (length: number) =>
      Array.from({ length: Math.ceil(length / 50) }, () => 'a'.repeat(49))
        .join('.')
        .slice(0, length)
    // 241 + "." + "example.com" (11) = 253.
    expect(check({ type: 'A', host: host(241), value: '192.0.2.1' }).problems).toBeNull()
    expect(problemsOf({ type: 'A', host: host(242).replace(/\.$/, 'a'), value: '192.0.2.1' })?.host).toBe(
      dnsRuleMessages.longName,
    )
  })

  it('keeps a CNAME and NS records off the domain itself, and SRV hosts to _service._proto', () => {
    expect(problemsOf({ type: 'CNAME', host: '@', value: 'target.example.net' })?.host).toBe(
      dnsRuleMessages.apexCname,
    )
    expect(problemsOf({ type: 'NS', host: '@', value: 'ns1.example.net' })?.host).toBe(dnsRuleMessages.apexNs)
    expect(check({ type: 'NS', host: 'lab', value: 'ns1.example.net' }).problems).toBeNull()
    expect(problemsOf({ type: 'SRV', host: 'sip', value: '5 5060 sip.example.com' })?.host).toBe(
      dnsRuleMessages.srvHost,
    )
    expect(check({ type: 'SRV', host: '_sip._tcp', value: '5 5060 sip.example.com' }).problems).toBeNull()
  })
})

describe('values per type', () => {
  it('A is a dotted IPv4 address; AAAA an IPv6 address kept in its short form', () => {
    expect(valueOf({ type: 'A', value: '192.0.2.10' })).toBe('192.0.2.10')
    for (const value of ['300.1.1.1', '192.0.2', '01.2.3.4', '2001:db8::1'])
      expect(problemsOf({ type: 'A', value })?.value, value).toBe(dnsRuleMessages.ipv4)
    expect(valueOf({ type: 'AAAA', value: '2001:0DB8:0000:0000:0000:0000:0000:0001' })).toBe('2001:db8::1')
    expect(valueOf({ type: 'AAAA', value: '::ffff:192.0.2.1' })).toBe('::ffff:c000:201')
    for (const value of ['192.0.2.1', '2001:db8::1::2', '2001:db8:g::1', '1:2:3:4:5:6:7:8:9'])
      expect(problemsOf({ type: 'AAAA', value })?.value, value).toBe(dnsRuleMessages.ipv6)
    expect(canonicalIpv6('2001:db8:0:1:0:0:0:1')).toBe('2001:db8:0:1::1')
    expect(canonicalIpv6('0:0:0:0:0:0:0:0')).toBe('::')
  })

  it('CNAME, NS, MX exchange and SRV target are host names, never IP addresses', () => {
    expect(valueOf({ type: 'CNAME', host: 'www', value: 'Shop.Example.NET.' })).toBe('shop.example.net')
    expect(problemsOf({ type: 'CNAME', host: 'www', value: '192.0.2.1' })?.value).toBe(
      dnsRuleMessages.cnameTarget,
    )
    expect(problemsOf({ type: 'CNAME', host: 'www', value: 'www.example.com' })?.value).toBe(
      dnsRuleMessages.cnameSelf,
    )
    expect(valueOf({ type: 'MX', value: 'mail.example.com', priority: 10 })).toBe('mail.example.com')
    expect(problemsOf({ type: 'MX', value: '192.0.2.1' })?.value).toBe(dnsRuleMessages.mxTarget)
    expect(problemsOf({ type: 'MX', value: '192.0.2.1.' })?.value).toBe(dnsRuleMessages.mxTarget)
    expect(problemsOf({ type: 'NS', host: 'lab', value: '2001:db8::53' })?.value).toBe(
      dnsRuleMessages.nsTarget,
    )
    expect(problemsOf({ type: 'SRV', host: '_sip._tcp', value: '5 5060 192.0.2.1' })?.value).toBe(
      dnsRuleMessages.srvTarget,
    )
    expect(valueOf({ type: 'SRV', host: '_sip._tcp', value: '5 5060 .' })).toBe('5 5060 .')
  })

  it('MX and SRV priority, SRV weight and port are 0 to 65535', () => {
    expect(check({ type: 'MX', value: 'mail.example.com', priority: 0 }).record?.priority).toBe(0)
    expect(check({ type: 'MX', value: 'mail.example.com', priority: '' }).record?.priority).toBe(10)
    expect(problemsOf({ type: 'MX', value: 'mail.example.com', priority: 65536 })?.priority).toBe(
      dnsRuleMessages.priority,
    )
    expect(
      check({ type: 'SRV', host: '_sip._tcp', value: '65535 65535 sip.example.com', priority: 65535 })
        .problems,
    ).toBeNull()
    for (const value of [
      '65536 5060 sip.example.com',
      '5 65536 sip.example.com',
      '5 5060',
      '-1 5060 sip.example.com',
    ])
      expect(problemsOf({ type: 'SRV', host: '_sip._tcp', value })?.value, value).toBe(
        dnsRuleMessages.srvValue,
      )
    expect(check({ type: 'A', value: '192.0.2.1', priority: 5 }).record?.priority).toBeNull()
  })

  it('TXT of any length up to 4096 characters; quoted strings are read as their joined text', () => {
    const long = 'v=DKIM1; k=rsa; p=' + 'A'.repeat(700)
    expect(valueOf({ type: 'TXT', value: long })).toBe(long)
    expect(valueOf({ type: 'TXT', value: '"v=spf1 " "-all"' })).toBe('v=spf1 -all')
    expect(readTxtValue('say "hi"')).toBe('say "hi"')
    expect(problemsOf({ type: 'TXT', value: 'x'.repeat(4097) })?.value).toBe(dnsRuleMessages.txtLength)
    expect(problemsOf({ type: 'TXT', value: 'two\nlines' })?.value).toBe(dnsRuleMessages.txtControl)
  })

  it('TXT splits into strings of at most 255 bytes that join back to the same text, never inside a character', () => {
    const text = 'é'.repeat(200) + 'x'.repeat(300)
    const strings = txtStrings(text)
    expect(strings.join('')).toBe(text)
    for (const s of strings) expect(new TextEncoder().encode(s).length).toBeLessThanOrEqual(255)
    expect(txtStrings('short')).toEqual(['short'])
    expect(txtStrings('a'.repeat(510))).toEqual(['a'.repeat(255), 'a'.repeat(255)])
  })

  it('CAA has flags 0–255 and the tags issue, issuewild, iodef, issuemail and issuevmc', () => {
    for (const tag of ['issue', 'issuewild', 'issuemail', 'issuevmc'])
      expect(valueOf({ type: 'CAA', value: `0 ${tag} "letsencrypt.org"` }), tag).toBe(
        `0 ${tag} "letsencrypt.org"`,
      )
    expect(valueOf({ type: 'CAA', value: '128 ISSUE letsencrypt.org' })).toBe('128 issue "letsencrypt.org"')
    expect(valueOf({ type: 'CAA', value: '0 issue ";"' })).toBe('0 issue ";"')
    expect(valueOf({ type: 'CAA', value: '0 iodef "mailto:security@example.com"' })).toBe(
      '0 iodef "mailto:security@example.com"',
    )
    expect(problemsOf({ type: 'CAA', value: '256 issue "letsencrypt.org"' })?.value).toBe(
      dnsRuleMessages.caaFlags,
    )
    expect(problemsOf({ type: 'CAA', value: '0 issuer "letsencrypt.org"' })?.value).toBe(
      dnsRuleMessages.caaTag,
    )
    expect(problemsOf({ type: 'CAA', value: 'issue "letsencrypt.org"' })?.value).toBe(
      dnsRuleMessages.caaValue,
    )
    expect(problemsOf({ type: 'CAA', value: '0 iodef "security@example.com"' })?.value).toBe(
      dnsRuleMessages.caaIodef,
    )
    expect(problemsOf({ type: 'CAA', value: '0 issue "not a ca"' })?.value).toBe(dnsRuleMessages.caaIssuer)
  })

  it('TTL is 300 to 604800 seconds, 3600 when empty', () => {
    expect(check({ type: 'A', value: '192.0.2.1', ttl: null }).record?.ttl).toBe(3600)
    expect(check({ type: 'A', value: '192.0.2.1', ttl: '300' }).record?.ttl).toBe(300)
    expect(check({ type: 'A', value: '192.0.2.1', ttl: 604800 }).record?.ttl).toBe(604800)
    for (const ttl of [299, 604801, '1h', 3.5])
      expect(problemsOf({ type: 'A', value: '192.0.2.1', ttl })?.ttl, String(ttl)).toBe(dnsRuleMessages.ttl)
  })
})

describe('rules between records', () => {
  const record = (type: DnsRecordFields['type'], host: string, value: string): DnsRecordFields => ({
    type,
    host,
    value,
    ttl: 3600,
    priority: type === 'MX' ? 10 : null,
  })

  it('a CNAME is the only record at its name, whichever came first, and a name has one CNAME', () => {
    const cname = record('CNAME', 'www', 'shop.example.net')
    const a = record('A', 'www', '192.0.2.1')
    expect(recordSetProblems([a, cname], DOMAIN, [1]).get(1)?.message).toMatch(
      /already has A records; a CNAME must be the only record/,
    )
    expect(recordSetProblems([cname, a], DOMAIN, [1]).get(1)?.message).toMatch(
      /has a CNAME record, which must be the only record/,
    )
    expect(
      recordSetProblems([cname, record('CNAME', 'www', 'other.example.net')], DOMAIN, [1]).get(1)?.message,
    ).toMatch(/already has a CNAME record; a name can have only one/)
    expect(recordSetProblems([cname, record('A', 'shop', '192.0.2.1')], DOMAIN).size).toBe(0)
  })

  it('refuses the same record twice but not two addresses at one name', () => {
    const a = record('A', '@', '192.0.2.1')
    expect(recordSetProblems([a, { ...a, ttl: 600 }], DOMAIN, [1]).get(1)?.message).toBe(
      dnsRuleMessages.duplicate,
    )
    expect(recordSetProblems([a, record('A', '@', '192.0.2.2')], DOMAIN).size).toBe(0)
  })

  it('an MX, NS or SRV target inside the domain needs its own address record, and is no alias', () => {
    const mx = record('MX', '@', 'mail.example.com')
    expect(recordSetProblems([mx], DOMAIN).get(0)).toEqual({
      field: 'value',
      message: 'mail.example.com is in this domain but has no A or AAAA record; add one for it first.',
    })
    expect(recordSetProblems([mx, record('A', 'mail', '192.0.2.5')], DOMAIN).size).toBe(0)
    expect(
      recordSetProblems([mx, record('CNAME', 'mail', 'mx.example.net')], DOMAIN).get(0)?.message,
    ).toMatch(/is an alias \(CNAME\)/)
    expect(recordSetProblems([record('NS', 'lab', 'ns1.lab.example.com')], DOMAIN).size).toBe(1)
    expect(recordSetProblems([record('MX', '@', 'mail.example.net')], DOMAIN).size).toBe(0)
  })

  it('a change is refused for the problems it brings, not for those already there', () => {
    const mx = record('MX', '@', 'mail.example.com')
    const a = record('A', 'mail', '192.0.2.5')
    // Deleting the address the MX needs breaks the MX.
    expect(newSetProblems([mx, a], [mx], DOMAIN).get(0)?.field).toBe('value')
    // An MX that lacked its address before does not block adding an unrelated record.
    expect(newSetProblems([mx], [mx, record('TXT', '@', 'hello')], DOMAIN).size).toBe(0)
  })
})
