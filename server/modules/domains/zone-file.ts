import { txtStrings, type DnsRecordDraft, type DnsRecordFields } from '@/contract/dns-records'
import { DEFAULT_TTL, DNS_RECORD_TYPES, type DnsRecordType } from '@/contract/domains'

/**
 * BIND master files (RFC 1035 §5.1): the export a name server loads, and the reader for imports. The
 * reader is ours (docs/decisions/domains-dns.md, issue 29): the npm parsers dropped lines they could
 * not read without a word and gave no line numbers, and a preview must show every line it will not
 * import.
 */

/** SOA timers: refresh, retry, expire, and the TTL of "no such name" answers. */
const SOA_TIMERS = '3600 900 1209600 300'

const absolute = (name: string) => `${name.replace(/\.$/, '')}.`

/** Bytes outside printable ASCII, quotes and backslashes as the master format escapes them. */
function quoted(text: string): string {
  let out = ''
  for (const byte of new TextEncoder().encode(text)) {
    if (byte === 0x22 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`
    else if (byte < 0x20 || byte > 0x7e) out += `\\${String(byte).padStart(3, '0')}`
    else out += String.fromCharCode(byte)
  }
  return `"${out}"`
}

function rdata(record: DnsRecordFields): string {
  switch (record.type) {
    case 'CNAME':
    case 'NS':
      return absolute(record.value)
    case 'MX':
      return `${record.priority ?? 0} ${absolute(record.value)}`
    case 'SRV': {
      const [weight, port, target = '.'] = record.value.split(' ')
      return `${record.priority ?? 0} ${weight} ${port} ${target === '.' ? '.' : absolute(target)}`
    }
    case 'TXT':
      return txtStrings(record.value).map(quoted).join(' ')
    case 'CAA': {
      const [, flags, tag, value] = /^(\d+) (\S+) "(.*)"$/.exec(record.value) ?? []
      return `${flags} ${tag} ${quoted(value ?? '')}`
    }
    default:
      return record.value
  }
}

/**
 * The domain's zone: `$ORIGIN`, `$TTL`, the SOA (serial = the change history's version) and the
 * nameservers, then one record a line, owners relative to the origin and targets absolute.
 */
export function formatZone(input: {
  domainName: string
  nameservers: readonly string[]
  records: readonly DnsRecordFields[]
  serial: number
  exportedAt: Date
}): string {
  const { domainName } = input
  const lines = [
    `; ${domainName}: DNS zone exported ${input.exportedAt.toISOString()}`,
    `$ORIGIN ${absolute(domainName)}`,
    `$TTL ${DEFAULT_TTL}`,
  ]
  const nameservers = input.nameservers.map(absolute)
  const primary = nameservers[0] ?? absolute(`ns1.${domainName}`)
  lines.push(
    `@\t${DEFAULT_TTL}\tIN\tSOA\t${primary} ${absolute(`hostmaster.${domainName}`)} ${input.serial} ${SOA_TIMERS}`,
  )
  for (const ns of nameservers) lines.push(`@\t${DEFAULT_TTL}\tIN\tNS\t${ns}`)
  const order = (type: string) => DNS_RECORD_TYPES.indexOf(type as DnsRecordType)
  const sorted = [...input.records].sort(
    (a, b) =>
      (a.host === '@' ? -1 : 0) - (b.host === '@' ? -1 : 0) ||
      a.host.localeCompare(b.host) ||
      order(a.type) - order(b.type),
  )
  for (const record of sorted)
    lines.push(`${record.host}\t${record.ttl}\tIN\t${record.type}\t${rdata(record)}`)
  return `${lines.join('\n')}\n`
}

// ---- Reading ----------------------------------------------------------------------------------------

export interface ZoneLineProblem {
  line: number
  message: string
}

export interface ParsedZone {
  /** Records to import, as drafts the per-type rules still check. */
  records: (DnsRecordDraft & { line: number })[]
  /** Apex nameservers as the file lists them (they are set on the Nameservers tab, not imported). */
  nameservers: { line: number; name: string }[]
  /** Lines read and left out on purpose. */
  notes: ZoneLineProblem[]
  /** Lines that cannot be read or served. */
  errors: ZoneLineProblem[]
}

interface Token {
  text: string
  /** A "quoted string": never a name, a TTL or a type. */
  quoted: boolean
  /** The bytes it stands for, escapes decoded. */
  bytes: number[]
}

interface Entry {
  line: number
  /** The line began with blank space: the owner is the previous record's. */
  blankOwner: boolean
  tokens: Token[]
}

class ZoneSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message)
  }
}

/** Splits the text into entries (one per record, parentheses joining lines), tokens and their bytes. */
function tokenize(text: string): { entries: Entry[]; errors: ZoneLineProblem[] } {
  const entries: Entry[] = []
  const errors: ZoneLineProblem[] = []
  let line = 1
  let i = 0
  let depth = 0
  let current: Entry | null = null
  let atLineStart = true
  const finish = () => {
    if (current && current.tokens.length > 0) entries.push(current)
    current = null
  }
  while (i < text.length) {
    const c = text[i] ?? ''
    if (c === '\n') {
      line++
      i++
      if (depth === 0) {
        finish()
        atLineStart = true
      }
      continue
    }
    if (atLineStart) {
      current = { line, blankOwner: c === ' ' || c === '\t', tokens: [] }
      atLineStart = false
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      i++
      continue
    }
    if (c === ';') {
      while (i < text.length && text[i] !== '\n') i++
      continue
    }
    if (c === '(' || c === ')') {
      depth += c === '(' ? 1 : -1
      if (depth < 0) {
        errors.push({ line, message: 'A closing parenthesis has no opening one.' })
        depth = 0
      }
      i++
      continue
    }
    const startLine = line
    const quotedToken = c === '"'
    if (quotedToken) i++
    let raw = ''
    const bytes: number[] = []
    let closed = !quotedToken
    while (i < text.length) {
      const d = text[i] ?? ''
      if (quotedToken && d === '"') {
        closed = true
        i++
        break
      }
      if (
        !quotedToken &&
        (d === ' ' || d === '\t' || d === '\r' || d === '\n' || d === ';' || d === '(' || d === ')')
      )
        break
      if (d === '\n') line++
      if (d === '\\') {
        const digits = /^\d{3}/.exec(text.slice(i + 1, i + 4))?.[0]
        if (digits) {
          bytes.push(Number(digits) & 0xff)
          raw += `\\${digits}`
          i += 4
        } else {
          const next = text[i + 1] ?? ''
          bytes.push(...new TextEncoder().encode(next))
          raw += `\\${next}`
          i += 2
        }
        continue
      }
      bytes.push(...new TextEncoder().encode(d))
      raw += d
      i++
    }
    if (!closed) errors.push({ line: startLine, message: 'A quoted string is not closed.' })
    current ??= { line: startLine, blankOwner: false, tokens: [] }
    ;(current as Entry).tokens.push({ text: raw, quoted: quotedToken, bytes })
  }
  if (depth > 0) errors.push({ line, message: 'An opening parenthesis is not closed.' })
  finish()
  return { entries, errors }
}

const TTL_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 }

/** "3600", "1h", "1h30m" → seconds, or null when the token is no TTL. */
export function readTtl(token: string): number | null {
  if (/^\d+$/.test(token)) return Number(token)
  if (!/^(\d+[smhdw])+$/i.test(token)) return null
  let total = 0
  for (const [, n, unit] of token.toLowerCase().matchAll(/(\d+)([smhdw])/g))
    total += Number(n) * (TTL_UNITS[unit ?? 's'] ?? 1)
  return total
}

const decoded = (token: Token) => new TextDecoder().decode(new Uint8Array(token.bytes))
const KNOWN_CLASSES = ['IN', 'CH', 'HS', 'CS']
const NOT_SERVED = new Set([
  'PTR',
  'SPF',
  'TLSA',
  'SSHFP',
  'DS',
  'DNSKEY',
  'HTTPS',
  'SVCB',
  'NAPTR',
  'LOC',
  'HINFO',
  'RP',
  'DNAME',
  'ANAME',
  'ALIAS',
  'CERT',
  'URI',
  'SMIMEA',
  'OPENPGPKEY',
])

/** Reads a zone file for `domainName`: records under the domain, with the line each came from. */
export function parseZone(text: string, domainName: string): ParsedZone {
  const domain = domainName.toLowerCase()
  const zone: ParsedZone = { records: [], nameservers: [], notes: [], errors: [] }
  const { entries, errors } = tokenize(text)
  zone.errors.push(...errors)
  let origin = domain
  let defaultTtl: number | null = null
  let lastTtl: number | null = null
  let previousOwner: string | null = null
  const toName = (token: Token, line: number): string => {
    const name = decoded(token).toLowerCase()
    if (name === '@') return origin
    if (name.endsWith('.')) return name.slice(0, -1)
    if (name === '') throw new ZoneSyntaxError(line, 'A name is missing.')
    return origin === '' ? name : `${name}.${origin}`
  }
  for (const entry of entries) {
    const [first] = entry.tokens
    if (!first) continue
    try {
      if (!entry.blankOwner && !first.quoted && first.text.startsWith('$')) {
        const directive = first.text.toUpperCase()
        const argument = entry.tokens[1]
        if (directive === '$ORIGIN' && argument) origin = toName(argument, entry.line)
        else if (directive === '$TTL' && argument && readTtl(argument.text) !== null)
          defaultTtl = readTtl(argument.text)
        else if (directive === '$INCLUDE' || directive === '$GENERATE')
          throw new ZoneSyntaxError(
            entry.line,
            `${directive} is not supported: paste the records it would add instead.`,
          )
        else throw new ZoneSyntaxError(entry.line, `${first.text} is not a directive we can read.`)
        continue
      }
      const tokens = [...entry.tokens]
      let owner: string
      if (entry.blankOwner) {
        if (previousOwner === null) throw new ZoneSyntaxError(entry.line, 'The first record needs a name.')
        owner = previousOwner
      } else owner = toName(tokens.shift() ?? first, entry.line)
      let ttl: number | null = null
      let type: string | null = null
      // [ttl] [class] type, or [class] [ttl] type.
      while (tokens.length > 0 && type === null) {
        const token = tokens.shift() as Token
        const word = token.text.toUpperCase()
        if (!token.quoted && ttl === null && readTtl(token.text) !== null) ttl = readTtl(token.text)
        else if (!token.quoted && KNOWN_CLASSES.includes(word)) {
          if (word !== 'IN')
            throw new ZoneSyntaxError(entry.line, `Only class IN records can be imported (found ${word}).`)
        } else type = word
      }
      if (type === null) throw new ZoneSyntaxError(entry.line, 'The record has no type.')
      previousOwner = owner
      if (ttl !== null) lastTtl = ttl
      const recordTtl = ttl ?? defaultTtl ?? lastTtl ?? DEFAULT_TTL
      readRecord(zone, { line: entry.line, owner, ttl: recordTtl, type, rdata: tokens, domain, toName })
    } catch (error) {
      if (!(error instanceof ZoneSyntaxError)) throw error
      zone.errors.push({ line: error.line, message: error.message })
    }
  }
  zone.errors.sort((a, b) => a.line - b.line)
  return zone
}

function readRecord(
  zone: ParsedZone,
  entry: {
    line: number
    owner: string
    ttl: number
    type: string
    rdata: Token[]
    domain: string
    toName: (token: Token, line: number) => string
  },
) {
  const { line, owner, type, rdata: tokens, domain } = entry
  if (owner !== domain && !owner.endsWith(`.${domain}`))
    throw new ZoneSyntaxError(
      line,
      `${owner} is outside ${domain}; only names under the domain can be imported.`,
    )
  const host = owner === domain ? '@' : owner.slice(0, -(domain.length + 1))
  if (type === 'SOA') {
    zone.notes.push({ line, message: 'The SOA record is written by the name server, not imported.' })
    return
  }
  if (!(DNS_RECORD_TYPES as readonly string[]).includes(type))
    throw new ZoneSyntaxError(
      line,
      NOT_SERVED.has(type) || /^TYPE\d+$/.test(type)
        ? `${type} records cannot be served here; remove this line to import the rest.`
        : `${type} is not a record type we can read.`,
    )
  const recordType = type as DnsRecordType
  const words = tokens.map((t) => (t.quoted ? null : decoded(t)))
  const need = (count: number) => {
    if (tokens.length !== count || words.some((w) => w === null))
      throw new ZoneSyntaxError(line, `A ${type} record here needs ${count} value${count > 1 ? 's' : ''}.`)
  }
  const name = (index: number) => {
    const token = tokens[index] as Token
    return decoded(token) === '.' ? '.' : entry.toName(token, line)
  }
  const draft = (value: string, priority: string | null = null) =>
    zone.records.push({ line, type: recordType, host, value, ttl: entry.ttl, priority })
  switch (recordType) {
    case 'A':
    case 'AAAA':
      need(1)
      return draft(words[0] ?? '')
    case 'CNAME':
      need(1)
      return draft(name(0))
    case 'NS':
      need(1)
      if (host === '@') {
        zone.nameservers.push({ line, name: name(0) })
        zone.notes.push({
          line,
          message: 'The domain’s own nameservers are set on the Nameservers tab, not imported.',
        })
        return
      }
      return draft(name(0))
    case 'MX':
      need(2)
      return draft(name(1), words[0] ?? null)
    case 'SRV':
      need(4)
      return draft(`${words[1]} ${words[2]} ${name(3)}`, words[0] ?? null)
    case 'TXT': {
      if (tokens.length === 0) throw new ZoneSyntaxError(line, 'A TXT record needs its text.')
      const bytes = tokens.flatMap((t) => t.bytes)
      const text = new TextDecoder('utf-8', { fatal: false }).decode(new Uint8Array(bytes))
      // Written back as one quoted string, so the per-type rules read it as the text it is.
      return draft(`"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)
    }
    case 'CAA': {
      if (tokens.length !== 3) throw new ZoneSyntaxError(line, 'A CAA record needs flags, a tag and a value.')
      return draft(`${words[0] ?? ''} ${words[1] ?? ''} "${decoded(tokens[2] as Token)}"`)
    }
  }
}
