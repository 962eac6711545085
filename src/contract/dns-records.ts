import { DEFAULT_PRIORITY, DEFAULT_TTL, MAX_TXT_LENGTH, type DnsRecordType } from './domains'

/**
 * The rules a DNS record must meet to load in a real name server (issue 29), in one place: the server
 * refuses with these messages and the DNS editor shows the same ones next to the field before sending.
 */

/** Name.com's smallest TTL is 300 seconds; a week is the longest we keep. */
export const MIN_TTL = 300
export const MAX_TTL = 604800
export const MAX_NAME_LENGTH = 253
export const MAX_LABEL_LENGTH = 63
/** A TXT record is exported as quoted strings of at most this many bytes each (RFC 1035 §3.3). */
export const TXT_STRING_BYTES = 255
export const CAA_TAGS = ['issue', 'issuewild', 'iodef', 'issuemail', 'issuevmc'] as const
export const MAX_CAA_VALUE_LENGTH = 255

/** A record as the server keeps it: host lower case ('@' for the apex), value in its canonical form. */
export interface DnsRecordFields {
  type: DnsRecordType
  host: string
  value: string
  ttl: number
  priority: number | null
}

/** What the editor or an import gives: text as typed, TTL and priority possibly empty. */
export interface DnsRecordDraft {
  type: DnsRecordType
  host: string
  value: string
  ttl?: number | string | null | undefined
  priority?: number | string | null | undefined
}

export type DnsRecordField = 'host' | 'value' | 'ttl' | 'priority'
export type DnsFieldProblems = Partial<Record<DnsRecordField, string>>
export type DnsRecordCheck =
  { record: DnsRecordFields; problems: null } | { record: null; problems: DnsFieldProblems }

export const dnsRuleMessages = {
  hostRequired: 'Enter a host: @ for the domain itself, or a name such as www.',
  valueRequired: 'Enter a value for the record.',
  emptyLabel: 'A name cannot have two dots in a row or start or end with a dot.',
  longLabel: `Each part of a name between dots holds at most ${MAX_LABEL_LENGTH} characters.`,
  longName: `The full name (host and domain) is longer than ${MAX_NAME_LENGTH} characters.`,
  wildcard: 'A * can only stand alone as the first part of a host, such as * or *.shop.',
  hostCharacters: 'A host uses letters, digits and hyphens (not at the start or end of a part), such as www.',
  hostUnderscore:
    'A host for this type uses letters, digits and hyphens only; underscores are for TXT, SRV, CNAME and CAA records.',
  srvHost: 'An SRV record’s host starts with the service and protocol, such as _sip._tcp.',
  apexCname:
    'A CNAME cannot be on the domain itself (@), where the nameserver records live. Use an A record there, or put the CNAME on a name such as www.',
  apexNs:
    'The domain’s own nameservers are set on the Nameservers tab; NS records here delegate a subdomain.',
  ipv4: 'An A record needs an IPv4 address such as 192.0.2.10.',
  ipv6: 'An AAAA record needs an IPv6 address such as 2001:db8::1.',
  cnameTarget: 'A CNAME points to a full host name such as shop.example.net, not an IP address.',
  cnameSelf: 'A CNAME cannot point to its own name.',
  nsTarget: 'An NS record points to a nameserver’s host name such as ns1.example.net, not an IP address.',
  mxTarget:
    'An MX record points to a mail server’s host name such as mail.example.com, not an IP address. Give that host an A record and point the MX at its name.',
  srvValue:
    'An SRV record needs "weight port target": two numbers from 0 to 65535 and a host name, such as 5 5060 sip.example.com.',
  srvTarget:
    'The SRV target is a host name such as sip.example.com (or . for “no service”), not an IP address.',
  txtLength: `A TXT record holds at most ${MAX_TXT_LENGTH} characters.`,
  txtControl: 'A TXT record cannot hold line breaks, tabs or other control characters.',
  caaValue: 'A CAA record needs "flags tag value", such as 0 issue "letsencrypt.org".',
  caaFlags: 'The CAA flags are a number from 0 to 255 (usually 0).',
  caaTag: `The CAA tag is one of ${CAA_TAGS.join(', ')}.`,
  caaIssuer:
    'The CAA value names a certificate authority’s domain, such as "letsencrypt.org", or is empty ("").',
  caaIodef: 'An iodef CAA value is where reports go: a mailto: or https:// address.',
  caaLength: `The CAA value holds at most ${MAX_CAA_VALUE_LENGTH} characters.`,
  ttl: `The TTL is a number of seconds from ${MIN_TTL} (5 minutes) to ${MAX_TTL} (one week).`,
  priority: 'The priority is a whole number from 0 (tried first) to 65535.',
  duplicate: 'This record already exists.',
} as const

/** Line breaks, tabs and other control characters (C0 and DEL), which a zone file line cannot carry. */
function hasControlCharacter(text: string): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0)
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}

const LDH_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/
/** Service labels such as _dmarc, _sip or _domainkey, and names with inner underscores (DKIM keys). */
const UNDERSCORE_LABEL = /^[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?$/
const UNDERSCORE_HOST_TYPES: readonly DnsRecordType[] = ['TXT', 'SRV', 'CNAME', 'CAA']

export function recordHasPriority(type: DnsRecordType): boolean {
  return type === 'MX' || type === 'SRV'
}

export function isIpv4(value: string): boolean {
  const parts = value.split('.')
  return (
    parts.length === 4 &&
    parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255 && String(Number(p)) === p)
  )
}

/** The eight 16-bit groups of an IPv6 address (an IPv4 tail such as ::ffff:192.0.2.1 allowed), or null. */
function ipv6Groups(value: string): number[] | null {
  if (!/^[0-9a-f:.]+$/i.test(value) || !value.includes(':')) return null
  let text = value
  const lastColon = text.lastIndexOf(':')
  const v4 = text.slice(lastColon + 1)
  if (v4.includes('.')) {
    if (!isIpv4(v4)) return null
    const [a = 0, b = 0, c = 0, d = 0] = v4.split('.').map(Number)
    text = `${text.slice(0, lastColon + 1)}${(a * 256 + b).toString(16)}:${(c * 256 + d).toString(16)}`
  }
  const halves = text.split('::')
  if (halves.length > 2) return null
  const parse = (half: string) => (half === '' ? [] : half.split(':'))
  const head = parse(halves[0] ?? '')
  const rest = halves.length === 2 ? parse(halves[1] ?? '') : []
  if ([...head, ...rest].some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null
  const known = head.length + rest.length
  if (halves.length === 2 ? known > 7 : known !== 8) return null
  const zeros = halves.length === 2 ? Array<number>(8 - known).fill(0) : []
  return [...head, ...zeros.map(String), ...rest].map((g) => parseInt(g, 16))
}

export function isIpv6(value: string): boolean {
  return ipv6Groups(value) !== null
}

/** RFC 5952's form: lower case, no leading zeros, the longest run of two or more zero groups as ::. */
export function canonicalIpv6(value: string): string | null {
  const groups = ipv6Groups(value)
  if (!groups) return null
  let bestStart = -1
  let bestLength = 1
  for (let i = 0; i < 8;) {
    let j = i
    while (j < 8 && groups[j] === 0) j++
    if (j - i > bestLength) {
      bestStart = i
      bestLength = j - i
    }
    i = j === i ? i + 1 : j
  }
  const hex = groups.map((g) => g.toString(16))
  if (bestStart < 0) return hex.join(':')
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`
}

/** A full host name somewhere on the internet: at least two labels, no IP address, at most 253. */
function targetProblem(value: string, underscores: boolean): 'ip' | 'name' | null {
  const name = (value.endsWith('.') ? value.slice(0, -1) : value).toLowerCase()
  if (isIpv4(name) || isIpv6(name)) return 'ip'
  if (name.length === 0 || name.length > MAX_NAME_LENGTH) return 'name'
  const labels = name.split('.')
  if (labels.length < 2) return 'name'
  // A top-level label of digits only would read as an address (RFC 3696 §2).
  if (/^\d+$/.test(labels.at(-1) ?? '')) return 'ip'
  const pattern = underscores ? UNDERSCORE_LABEL : LDH_LABEL
  return labels.every((l) => l.length <= MAX_LABEL_LENGTH && pattern.test(l)) ? null : 'name'
}

/** A name as a host name: lower case, no trailing dot. */
const targetName = (value: string) => value.toLowerCase().replace(/\.$/, '')

/** The host as typed, relative to the domain: "WWW", "www.example.com" and "www.example.com." are www. */
export function normaliseRecordHost(host: string, domainName: string): string {
  const text = host.trim().toLowerCase()
  const domain = domainName.toLowerCase()
  if (text === domain || text === `${domain}.`) return '@'
  for (const suffix of [`.${domain}.`, `.${domain}`])
    if (text.endsWith(suffix)) return text.slice(0, -suffix.length)
  return text
}

export function hostProblem(type: DnsRecordType, host: string, domainName: string): string | null {
  if (host === '') return dnsRuleMessages.hostRequired
  if (host === '@') {
    if (type === 'CNAME') return dnsRuleMessages.apexCname
    if (type === 'NS') return dnsRuleMessages.apexNs
    return null
  }
  const labels = host.split('.')
  if (labels.some((l) => l === '')) return dnsRuleMessages.emptyLabel
  if (labels.some((l) => l.length > MAX_LABEL_LENGTH)) return dnsRuleMessages.longLabel
  if (host.length + 1 + domainName.length > MAX_NAME_LENGTH) return dnsRuleMessages.longName
  const underscores = UNDERSCORE_HOST_TYPES.includes(type)
  for (const [index, label] of labels.entries()) {
    if (label === '*' && index === 0) continue
    if (label.includes('*')) return dnsRuleMessages.wildcard
    if (LDH_LABEL.test(label)) continue
    if (UNDERSCORE_LABEL.test(label)) return underscores ? null : dnsRuleMessages.hostUnderscore
    return dnsRuleMessages.hostCharacters
  }
  if (type === 'SRV' && !(labels.length >= 2 && labels[0]?.startsWith('_') && labels[1]?.startsWith('_')))
    return dnsRuleMessages.srvHost
  return null
}

/** The record's text strings: a value written as quoted strings ("a" "b") is their joined content. */
export function readTxtValue(value: string): string {
  const strings = /^"(?:[^"\\]|\\.)*"(?:\s+"(?:[^"\\]|\\.)*")*$/.test(value)
    ? [...value.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => (m[1] ?? '').replace(/\\(.)/g, '$1'))
    : null
  return strings ? strings.join('') : value
}

function caaValue(value: string): { value: string } | { problem: string } {
  const match = /^(\d{1,3})\s+([a-z0-9]+)\s+(.*)$/i.exec(value)
  if (!match) return { problem: dnsRuleMessages.caaValue }
  const flags = Number(match[1])
  const tag = (match[2] ?? '').toLowerCase()
  let text = (match[3] ?? '').trim()
  if (flags > 255) return { problem: dnsRuleMessages.caaFlags }
  if (!(CAA_TAGS as readonly string[]).includes(tag)) return { problem: dnsRuleMessages.caaTag }
  if (/^".*"$/.test(text)) text = text.slice(1, -1)
  if (text.includes('"') || hasControlCharacter(text)) return { problem: dnsRuleMessages.caaValue }
  if (text.length > MAX_CAA_VALUE_LENGTH) return { problem: dnsRuleMessages.caaLength }
  if (tag === 'iodef') {
    if (!/^(mailto:[^\s@]+@[^\s@]+\.[^\s@]+|https?:\/\/[^\s/]+\.[^\s]+)$/i.test(text))
      return { problem: dnsRuleMessages.caaIodef }
  } else {
    // issue, issuewild, issuemail, issuevmc: "" or "ca.example[; key=value]" (RFC 8659 §4.2).
    const issuer = (text.split(';')[0] ?? '').trim()
    if (issuer !== '' && targetProblem(issuer, false) !== null) return { problem: dnsRuleMessages.caaIssuer }
  }
  return { value: `${flags} ${tag} "${text}"` }
}

function valueCheck(
  type: DnsRecordType,
  value: string,
  fqdn: string,
): { value: string } | { problem: string } {
  switch (type) {
    case 'A':
      return isIpv4(value) ? { value } : { problem: dnsRuleMessages.ipv4 }
    case 'AAAA': {
      const canonical = canonicalIpv6(value)
      return canonical ? { value: canonical } : { problem: dnsRuleMessages.ipv6 }
    }
    case 'CNAME': {
      if (targetProblem(value, true)) return { problem: dnsRuleMessages.cnameTarget }
      const target = targetName(value)
      return target === fqdn ? { problem: dnsRuleMessages.cnameSelf } : { value: target }
    }
    case 'NS':
      return targetProblem(value, false)
        ? { problem: dnsRuleMessages.nsTarget }
        : { value: targetName(value) }
    case 'MX':
      return targetProblem(value, false)
        ? { problem: dnsRuleMessages.mxTarget }
        : { value: targetName(value) }
    case 'SRV': {
      const parts = value.split(/\s+/)
      const [weight = '', port = '', target = ''] = parts
      const number = (text: string) => /^\d{1,5}$/.test(text) && Number(text) <= 65535
      if (parts.length !== 3 || !number(weight) || !number(port)) return { problem: dnsRuleMessages.srvValue }
      if (target === '.') return { value: `${Number(weight)} ${Number(port)} .` }
      if (targetProblem(target, false)) return { problem: dnsRuleMessages.srvTarget }
      return { value: `${Number(weight)} ${Number(port)} ${targetName(target)}` }
    }
    case 'TXT': {
      const text = readTxtValue(value)
      if (text.length > MAX_TXT_LENGTH) return { problem: dnsRuleMessages.txtLength }
      if (hasControlCharacter(text)) return { problem: dnsRuleMessages.txtControl }
      return text.length === 0 ? { problem: dnsRuleMessages.valueRequired } : { value: text }
    }
    case 'CAA':
      return caaValue(value)
  }
}

function wholeNumber(input: number | string | null | undefined, fallback: number): number | null {
  if (input === null || input === undefined || (typeof input === 'string' && input.trim() === ''))
    return fallback
  const number = typeof input === 'number' ? input : /^\d+$/.test(input.trim()) ? Number(input) : NaN
  return Number.isInteger(number) ? number : null
}

/** One record on its own: its host, value, TTL and priority, each with a plain-language message. */
export function checkDnsRecord(draft: DnsRecordDraft, domainName: string): DnsRecordCheck {
  const problems: DnsFieldProblems = {}
  const host = normaliseRecordHost(draft.host, domainName)
  const fqdn = host === '@' ? domainName.toLowerCase() : `${host}.${domainName.toLowerCase()}`
  const hostIssue = hostProblem(draft.type, host, domainName)
  if (hostIssue) problems.host = hostIssue
  const rawValue = draft.value.trim()
  const checked =
    rawValue === '' ? { problem: dnsRuleMessages.valueRequired } : valueCheck(draft.type, rawValue, fqdn)
  if ('problem' in checked) problems.value = checked.problem
  const ttl = wholeNumber(draft.ttl, DEFAULT_TTL)
  if (ttl === null || ttl < MIN_TTL || ttl > MAX_TTL) problems.ttl = dnsRuleMessages.ttl
  let priority: number | null = null
  if (recordHasPriority(draft.type)) {
    priority = wholeNumber(draft.priority, DEFAULT_PRIORITY)
    if (priority === null || priority < 0 || priority > 65535) problems.priority = dnsRuleMessages.priority
  }
  if (Object.keys(problems).length > 0 || 'problem' in checked || ttl === null)
    return { record: null, problems }
  return { record: { type: draft.type, host, value: checked.value, ttl, priority }, problems: null }
}

/** The first message of a check, for a toast or a one-line summary. */
export function firstProblem(problems: DnsFieldProblems): string {
  return problems.host ?? problems.value ?? problems.ttl ?? problems.priority ?? ''
}

const sameRecord = (a: DnsRecordFields, b: DnsRecordFields) =>
  a.type === b.type && a.host === b.host && a.value === b.value

const hostLabel = (host: string) => (host === '@' ? 'The domain itself (@)' : host)

/** A problem between records, on the field the editor shows it next to. */
export interface SetProblem {
  field: 'host' | 'value'
  message: string
}

/** The MX, NS or SRV target as a host of this domain ('@' or labels), or null when it is elsewhere. */
function targetInZone(record: DnsRecordFields, domainName: string): string | null {
  const domain = domainName.toLowerCase()
  const target = record.type === 'SRV' ? (record.value.split(' ')[2] ?? '.') : record.value
  if (!['MX', 'NS', 'SRV'].includes(record.type) || target === '.') return null
  if (target === domain) return '@'
  return target.endsWith(`.${domain}`) ? target.slice(0, -(domain.length + 1)) : null
}

/**
 * Rules between records, as a name server loads a zone (RFC 1034 §3.6.2, RFC 2181 §10, BIND's integrity
 * checks): a CNAME is the only record at its name, no record is there twice, and an MX, NS or SRV
 * target inside the domain has an address record and is no alias. Answers each broken record's problem
 * by index, for the records at `indexes` (all when omitted).
 */
export function recordSetProblems(
  records: readonly DnsRecordFields[],
  domainName: string,
  indexes: readonly number[] = records.map((_, i) => i),
): Map<number, SetProblem> {
  const byHost = new Map<string, DnsRecordFields[]>()
  for (const r of records) byHost.set(r.host, [...(byHost.get(r.host) ?? []), r])
  const problems = new Map<number, SetProblem>()
  for (const index of indexes) {
    const record = records[index]
    if (!record) continue
    const present = (byHost.get(record.host) ?? []).filter((r) => r !== record)
    const host = hostLabel(record.host)
    if (present.some((r) => sameRecord(r, record)))
      problems.set(index, { field: 'host', message: dnsRuleMessages.duplicate })
    else if (record.type === 'CNAME' && present.some((r) => r.type === 'CNAME'))
      problems.set(index, {
        field: 'host',
        message: `${host} already has a CNAME record; a name can have only one.`,
      })
    else if (record.type === 'CNAME' && present.length > 0)
      problems.set(index, {
        field: 'host',
        message: `${host} already has ${[...new Set(present.map((r) => r.type))].join(', ')} records; a CNAME must be the only record at its name.`,
      })
    else if (record.type !== 'CNAME' && present.some((r) => r.type === 'CNAME'))
      problems.set(index, {
        field: 'host',
        message: `${host} has a CNAME record, which must be the only record at its name. Remove the CNAME first or use another host.`,
      })
    else {
      const target = targetInZone(record, domainName)
      if (target === null) continue
      const there = byHost.get(target) ?? []
      const name = target === '@' ? domainName : `${target}.${domainName}`
      if (there.some((r) => r.type === 'CNAME'))
        problems.set(index, {
          field: 'value',
          message: `${name} is an alias (CNAME); a ${record.type} record must point to a name with its own A or AAAA record.`,
        })
      else if (!there.some((r) => r.type === 'A' || r.type === 'AAAA'))
        problems.set(index, {
          field: 'value',
          message: `${name} is in this domain but has no A or AAAA record; add one for it first.`,
        })
    }
  }
  return problems
}

const recordKey = (r: DnsRecordFields) => `${r.type} ${r.host} ${r.value}`

/**
 * The problems a change brings: those of the new set that the old set did not have already (a record
 * that broke a rule before the rules existed does not block an unrelated change).
 */
export function newSetProblems(
  before: readonly DnsRecordFields[],
  after: readonly DnsRecordFields[],
  domainName: string,
): Map<number, SetProblem> {
  const known = new Set(
    [...recordSetProblems(before, domainName)].map(
      ([i, p]) => `${recordKey(before[i] as DnsRecordFields)}|${p.message}`,
    ),
  )
  const fresh = [...recordSetProblems(after, domainName)].filter(
    ([i, p]) => !known.has(`${recordKey(after[i] as DnsRecordFields)}|${p.message}`),
  )
  // The records the change adds or edits come first: their message is the one to show.
  const beforeKeys = new Set(before.map((r) => `${recordKey(r)} ${r.ttl} ${r.priority}`))
  const isNew = (i: number) => {
    const r = after[i] as DnsRecordFields
    return !beforeKeys.has(`${recordKey(r)} ${r.ttl} ${r.priority}`)
  }
  return new Map([...fresh.filter(([i]) => isNew(i)), ...fresh.filter(([i]) => !isNew(i))])
}

/** The bytes a character takes in UTF-8 (the contract uses no TextEncoder: it runs without DOM or Node). */
function utf8Length(char: string): number {
  const code = char.codePointAt(0) ?? 0
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4
}

/** The record's text as quoted-string contents of at most 255 bytes each (RFC 1035 §3.3.14), never cutting a character. */
export function txtStrings(text: string): string[] {
  const strings: string[] = []
  let current = ''
  let bytes = 0
  for (const char of text) {
    const length = utf8Length(char)
    if (bytes + length > TXT_STRING_BYTES) {
      strings.push(current)
      current = ''
      bytes = 0
    }
    current += char
    bytes += length
  }
  if (current !== '' || strings.length === 0) strings.push(current)
  return strings
}
