import { isIpv4, isIpv6, type DnsRecordFields } from '@/contract/dns-records'
import { DEFAULT_TTL } from '@/contract/domains'
import { SPF_LOOKUP_LIMIT, type EmailFix, type EmailHealth, type HealthStatus } from '@/contract/dns-zone'

/**
 * The e-mail health check (issue 29): MX, SPF, DMARC and DKIM read from the records we hold, never from
 * an outside DNS query, each with a plain-language finding and a one-click fix where one exists.
 */

type Check = EmailHealth['checks'][number]
const txt = (host: string, value: string): EmailFix['adds'][number] => ({
  type: 'TXT',
  host,
  value,
  ttl: DEFAULT_TTL,
  priority: null,
})
const asText = (r: DnsRecordFields): EmailFix['adds'][number] => ({ ...r })
const worst = (statuses: HealthStatus[]): HealthStatus =>
  statuses.includes('problem') ? 'problem' : statuses.includes('warning') ? 'warning' : 'ok'

function mxCheck(domain: string, records: DnsRecordFields[]): Check {
  const mx = records
    .filter((r) => r.type === 'MX' && r.host === '@')
    .sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0))
  if (mx.length === 0)
    return {
      check: 'mx',
      title: 'Mail servers (MX)',
      status: 'problem',
      findings: [
        `No MX record: mail sent to addresses at ${domain} bounces. Add your mail provider’s MX records (the Google Workspace and Microsoft 365 templates add them).`,
      ],
      fix: null,
    }
  return {
    check: 'mx',
    title: 'Mail servers (MX)',
    status: 'ok',
    findings: [
      `Mail for ${domain} goes to ${mx.map((r) => `${r.value} (priority ${r.priority ?? 0})`).join(', ')}.`,
    ],
    fix: null,
  }
}

const SPF_MECHANISM =
  /^([+\-~?]?)(all|include|a|mx|ptr|ip4|ip6|exists)(?::([^/\s]+))?(?:\/(\d{1,3}))?(?:\/\/(\d{1,3}))?$/i
const isSpf = (r: DnsRecordFields) => r.type === 'TXT' && /^v=spf1(\s|$)/i.test(r.value)

/** The SPF record's DNS lookups: include, a, mx, ptr, exists and redirect, following includes we hold. */
function spfLookups(
  value: string,
  domain: string,
  records: DnsRecordFields[],
  seen: Set<string>,
): { count: number; outside: boolean } {
  let count = 0
  let outside = false
  for (const term of value.split(/\s+/).slice(1)) {
    const [, , name, target] =
      /^([+\-~?]?)(include:|redirect=|a\b|mx\b|ptr\b|exists:)(\S*)$/i.exec(term) ?? []
    if (!name) continue
    count++
    if (!/^(include:|redirect=)$/i.test(name)) continue
    const host = (target ?? '').toLowerCase().replace(/\.$/, '')
    const relative =
      host === domain ? '@' : host.endsWith(`.${domain}`) ? host.slice(0, -(domain.length + 1)) : null
    const held = relative === null ? undefined : records.find((r) => r.host === relative && isSpf(r))
    if (held && !seen.has(host)) {
      seen.add(host)
      const nested = spfLookups(held.value, domain, records, seen)
      count += nested.count
      outside ||= nested.outside
    } else if (!held) outside = true
  }
  return { count, outside }
}

/** Why a term is no valid SPF (RFC 7208 §4.6), or null. */
function spfTermProblem(term: string): string | null {
  if (/^[a-z][a-z0-9_.-]*=\S*$/i.test(term)) return null
  const match = SPF_MECHANISM.exec(term)
  if (!match) return `“${term}” is not an SPF term.`
  const [, , mechanism = '', argument, cidr] = match
  const kind = mechanism.toLowerCase()
  if (kind === 'ip4' && (!argument || !isIpv4(argument) || Number(cidr ?? 32) > 32))
    return `“${term}” needs an IPv4 address.`
  if (kind === 'ip6' && (!argument || !isIpv6(argument) || Number(cidr ?? 128) > 128))
    return `“${term}” needs an IPv6 address.`
  if ((kind === 'include' || kind === 'exists') && !argument)
    return `“${term}” needs a domain after the colon.`
  if (kind === 'all' && argument) return `“${term}”: all takes nothing after it.`
  return null
}

function spfCheck(domain: string, records: DnsRecordFields[]): Check {
  const title = 'Sender policy (SPF)'
  const spf = records.filter((r) => r.host === '@' && isSpf(r))
  const hasMx = records.some((r) => r.type === 'MX' && r.host === '@')
  if (spf.length === 0) {
    const value = hasMx ? 'v=spf1 mx ~all' : 'v=spf1 -all'
    return {
      check: 'spf',
      title,
      status: 'problem',
      findings: [
        `No SPF record: receivers cannot tell which servers may send mail as ${domain}, and more of your mail lands in spam.`,
      ],
      fix: {
        id: 'spf-add',
        label: hasMx
          ? 'Add an SPF record allowing your MX servers'
          : 'Add an SPF record saying this domain sends no mail',
        adds: [txt('@', value)],
        removes: [],
        reporting_address: null,
      },
    }
  }
  if (spf.length > 1) {
    const terms = spf.flatMap((r) => r.value.split(/\s+/).slice(1))
    const all = terms.find((t) => /^[+\-~?]?all$/i.test(t)) ?? '~all'
    const merged = ['v=spf1', ...new Set(terms.filter((t) => !/^[+\-~?]?all$/i.test(t))), all].join(' ')
    return {
      check: 'spf',
      title,
      status: 'problem',
      findings: [
        `${spf.length} SPF records: receivers treat more than one as an error, and SPF fails for all your mail.`,
      ],
      fix: {
        id: 'spf-merge',
        label: 'Merge them into one SPF record',
        adds: [txt('@', merged)],
        removes: spf.map(asText),
        reporting_address: null,
      },
    }
  }
  const [record] = spf as [DnsRecordFields]
  const terms = record.value.split(/\s+/).slice(1)
  const bad = terms.map(spfTermProblem).filter((p): p is string => p !== null)
  if (bad.length > 0) return { check: 'spf', title, status: 'problem', findings: bad, fix: null }
  const findings: string[] = []
  const statuses: HealthStatus[] = []
  const lookups = spfLookups(record.value, domain, records, new Set([domain]))
  const counted = `${lookups.outside ? 'at least ' : ''}${lookups.count}`
  if (lookups.count > SPF_LOOKUP_LIMIT) {
    statuses.push('problem')
    findings.push(
      `${counted} DNS lookups: receivers stop at ${SPF_LOOKUP_LIMIT} and SPF then fails. Remove includes you no longer use.`,
    )
  } else
    findings.push(
      `One SPF record with ${counted} of the ${SPF_LOOKUP_LIMIT} DNS lookups allowed${lookups.outside ? ' (includes at other domains may add more; we only read the records we hold)' : ''}.`,
    )
  const all = terms.find((t) => /^[+\-~?]?all$/i.test(t))
  let fix: EmailFix | null = null
  if (all && /^\+?all$/i.test(all)) {
    statuses.push('problem')
    findings.push('It ends with +all, which lets any server send mail as you.')
    fix = {
      id: 'spf-softfail',
      label: 'Replace +all with ~all',
      adds: [txt('@', record.value.replace(/\s\+?all$/i, ' ~all'))],
      removes: [asText(record)],
      reporting_address: null,
    }
  } else if (all?.startsWith('?')) {
    statuses.push('warning')
    findings.push('It ends with ?all, which tells receivers nothing about other servers.')
  } else if (!all && !terms.some((t) => /^redirect=/i.test(t))) {
    statuses.push('warning')
    findings.push('It has no all rule at the end, so receivers do not know what to do with other servers.')
    fix = {
      id: 'spf-softfail',
      label: 'End it with ~all',
      adds: [txt('@', `${record.value} ~all`)],
      removes: [asText(record)],
      reporting_address: null,
    }
  }
  return { check: 'spf', title, status: worst(statuses), findings, fix }
}

const DMARC_POLICIES = ['none', 'quarantine', 'reject']

function dmarcProblems(value: string): string[] {
  const tags = value
    .split(';')
    .map((t) => t.trim())
    .filter(Boolean)
  const problems: string[] = []
  if (tags[0]?.replace(/\s/g, '') !== 'v=DMARC1') problems.push('It must start with v=DMARC1.')
  const read = new Map(
    tags.map((t) => [t.split('=')[0]?.trim().toLowerCase() ?? '', t.split('=').slice(1).join('=').trim()]),
  )
  const policy = read.get('p')
  if (policy === undefined) problems.push('It has no policy (p=none, p=quarantine or p=reject).')
  else if (!DMARC_POLICIES.includes(policy.toLowerCase()))
    problems.push(`“p=${policy}” is not a policy: use none, quarantine or reject.`)
  const sp = read.get('sp')
  if (sp !== undefined && !DMARC_POLICIES.includes(sp.toLowerCase()))
    problems.push(`“sp=${sp}” is not a policy.`)
  const pct = read.get('pct')
  if (pct !== undefined && !(/^\d{1,3}$/.test(pct) && Number(pct) <= 100))
    problems.push('pct is a percentage from 0 to 100.')
  for (const tag of ['rua', 'ruf']) {
    const uris = read.get(tag)
    if (
      uris !== undefined &&
      !uris.split(',').every((u) => /^mailto:[^\s@]+@[^\s@]+\.[^\s@!]+(!\d+[kmgt]?)?$/i.test(u.trim()))
    )
      problems.push(`${tag} lists mailto: addresses, such as mailto:dmarc@example.com.`)
  }
  for (const tag of ['adkim', 'aspf']) {
    const mode = read.get(tag)
    if (mode !== undefined && !/^[rs]$/i.test(mode)) problems.push(`${tag} is r (relaxed) or s (strict).`)
  }
  return problems
}

function dmarcCheck(domain: string, records: DnsRecordFields[], address: string): Check {
  const title = 'DMARC policy'
  const dmarc = records.filter(
    (r) => r.type === 'TXT' && r.host === '_dmarc' && /^v\s*=\s*DMARC1/i.test(r.value),
  )
  const fix = (removes: DnsRecordFields[]): EmailFix => ({
    id: 'dmarc-add',
    label:
      removes.length > 0
        ? 'Replace it with a valid DMARC record (p=none, with reports)'
        : 'Add a DMARC record (p=none, with reports)',
    adds: [txt('_dmarc', `v=DMARC1; p=none; rua=mailto:${address}`)],
    removes: removes.map(asText),
    reporting_address: address,
  })
  if (dmarc.length === 0)
    return {
      check: 'dmarc',
      title,
      status: 'problem',
      findings: [
        `No DMARC record at _dmarc.${domain}: receivers do not know what to do with mail that fails SPF and DKIM, and you get no reports of who sends as you.`,
      ],
      fix: fix([]),
    }
  if (dmarc.length > 1)
    return {
      check: 'dmarc',
      title,
      status: 'problem',
      findings: [`${dmarc.length} DMARC records: receivers ignore them all. Keep one.`],
      fix: fix(dmarc),
    }
  const [record] = dmarc as [DnsRecordFields]
  const problems = dmarcProblems(record.value)
  if (problems.length > 0)
    return { check: 'dmarc', title, status: 'problem', findings: problems, fix: fix([record]) }
  const policy = /(?:^|;)\s*p\s*=\s*(\w+)/i.exec(record.value)?.[1]?.toLowerCase() ?? 'none'
  const reports = /(?:^|;)\s*rua\s*=/i.test(record.value)
  const findings = [
    policy === 'none'
      ? 'Policy none: receivers report on your mail but do not act yet. Once the reports show only your own servers, move to quarantine.'
      : `Policy ${policy}: mail that fails SPF and DKIM is ${policy === 'reject' ? 'refused' : 'sent to spam'}.`,
  ]
  if (!reports) findings.push('No reporting address (rua): you get no reports of who sends mail as you.')
  return { check: 'dmarc', title, status: reports ? 'ok' : 'warning', findings, fix: null }
}

function dkimCheck(domain: string, records: DnsRecordFields[], selectors: string[]): Check {
  const title = 'DKIM signatures'
  if (selectors.length === 0)
    return {
      check: 'dkim',
      title,
      status: 'warning',
      findings: [
        'Name the DKIM selector your mail provider signs with to check its key (Google Workspace uses google; Microsoft 365 uses selector1 and selector2).',
      ],
      fix: null,
    }
  const statuses: HealthStatus[] = []
  const findings = selectors.map((selector) => {
    const host = `${selector}._domainkey`
    const there = records.filter((r) => r.host === host)
    const alias = there.find((r) => r.type === 'CNAME')
    if (alias) {
      statuses.push('ok')
      return `${selector}: handed to your provider (CNAME to ${alias.value}).`
    }
    const key = there.find((r) => r.type === 'TXT')
    if (!key) {
      statuses.push('problem')
      return `${selector}: no key at ${host}.${domain}. Turn DKIM signing on at your mail provider and add the record it gives you.`
    }
    const tags = new Map(
      key.value
        .split(';')
        .map((t) => [
          t.split('=')[0]?.trim().toLowerCase() ?? '',
          t.split('=').slice(1).join('=').replace(/\s/g, ''),
        ]),
    )
    const p = tags.get('p')
    const k = (tags.get('k') ?? 'rsa').toLowerCase()
    if (tags.has('v') && tags.get('v') !== 'DKIM1') {
      statuses.push('problem')
      return `${selector}: the key record must start with v=DKIM1.`
    }
    if (p === undefined || !/^[A-Za-z0-9+/]*={0,2}$/.test(p)) {
      statuses.push('problem')
      return `${selector}: the record has no readable public key (p=).`
    }
    if (p === '') {
      statuses.push('problem')
      return `${selector}: the key is revoked (p= is empty); mail signed with it fails.`
    }
    if (k !== 'rsa' && k !== 'ed25519') {
      statuses.push('problem')
      return `${selector}: k=${k} is no key type receivers know (rsa or ed25519).`
    }
    if (k === 'rsa' && p.length < 200) {
      statuses.push('warning')
      return `${selector}: the RSA key is shorter than 1024 bits; ask your provider for a 2048-bit key.`
    }
    statuses.push('ok')
    return `${selector}: a ${k === 'rsa' ? 'RSA' : 'Ed25519'} key is published.`
  })
  return { check: 'dkim', title, status: worst(statuses), findings, fix: null }
}

export function emailHealth(input: {
  domainName: string
  records: DnsRecordFields[]
  selectors: string[]
  reportingAddress?: string | undefined
}): EmailHealth {
  const domain = input.domainName.toLowerCase()
  const address = input.reportingAddress || `dmarc-reports@${domain}`
  return {
    checks: [
      mxCheck(domain, input.records),
      spfCheck(domain, input.records),
      dmarcCheck(domain, input.records, address),
      dkimCheck(domain, input.records, input.selectors),
    ],
    dkim_selectors: input.selectors,
  }
}
