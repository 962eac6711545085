import { MAX_AVAILABILITY_NAMES } from '@/contract/domains'
import { applyOneByOne } from './record-batch'
import {
  RegistrarError,
  type ChangeOutcome,
  type RecordChange,
  type Registrar,
  type RegistrarContact,
  type RegistrarDomain,
  type RegistrarQuote,
  type RegistrarRecordInput,
  type RegistrationInput,
} from './types'

export interface NameComAccount {
  /** The account user name; Name.com's test host (api.dev.name.com) wants it suffixed "-test". */
  username: string
  token: string
  /** https://api.name.com, https://api.dev.name.com, or a local fake in tests. */
  apiUrl: string
}

interface NameComDomain {
  domainName: string
  createDate?: string
  expireDate?: string
  locked?: boolean
  autorenewEnabled?: boolean
  nameservers?: string[]
}

/** Name.com's contact object (firstName, lastName, companyName, address1, city, state, zip, country, phone, email). */
function nameComContact(contact: RegistrarContact) {
  return {
    firstName: contact.firstName,
    lastName: contact.lastName,
    companyName: contact.organization,
    address1: contact.address1,
    city: contact.city,
    state: contact.state,
    zip: contact.zip,
    country: contact.country,
    phone: contact.phone,
    email: contact.email,
  }
}

function toDomain(domain: NameComDomain): RegistrarDomain {
  const createDate = domain.createDate ? new Date(domain.createDate) : new Date()
  const expireDate = domain.expireDate ? new Date(domain.expireDate) : null
  if (!expireDate || Number.isNaN(expireDate.getTime()))
    throw new RegistrarError('Name.com answered without an expiry date')
  return {
    domainName: domain.domainName,
    createDate,
    expireDate,
    locked: domain.locked ?? false,
    autoRenew: domain.autorenewEnabled ?? false,
    nameservers: domain.nameservers ?? [],
  }
}

/** Name.com wants the apex as an empty host. */
const nameComHost = (host: string) => (host === '@' ? '' : host)

/**
 * Name.com: the Core API (`/core/v1`) for availability, registration, renewal and the domain's settings,
 * the v4 API for DNS records (PROVIDERS.md). HTTP Basic auth with the user name and API token; creating
 * calls carry an `X-Idempotency-Key`. Errors answer `{message, details}`.
 */
export class NameComRegistrar implements Registrar {
  readonly sandbox = false
  constructor(private readonly account: NameComAccount) {}

  within(): Registrar {
    return this
  }

  private async call<T>(method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    const credentials = Buffer.from(`${this.account.username}:${this.account.token}`).toString('base64')
    const headers: Record<string, string> = {
      Authorization: `Basic ${credentials}`,
      Accept: 'application/json',
    }
    if (body !== undefined) headers['Content-Type'] = 'application/json'
    if (idempotencyKey) headers['X-Idempotency-Key'] = idempotencyKey
    let response: Response
    try {
      response = await fetch(`${this.account.apiUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      })
    } catch (error) {
      throw new RegistrarError(
        `Name.com could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
    const text = await response.text()
    const parsed: unknown = text ? JSON.parse(text) : {}
    if (!response.ok) {
      const record = (parsed ?? {}) as { message?: unknown; details?: unknown }
      const message = typeof record.message === 'string' ? record.message : `HTTP ${response.status}`
      const details = typeof record.details === 'string' && record.details ? `: ${record.details}` : ''
      throw new RegistrarError(`Name.com: ${message}${details}`, response.status)
    }
    return parsed as T
  }

  private domainPath(domainName: string, suffix = '') {
    return `/core/v1/domains/${encodeURIComponent(domainName)}${suffix}`
  }

  async checkAvailability(domainNames: string[]): Promise<RegistrarQuote[]> {
    const quotes: RegistrarQuote[] = []
    for (let start = 0; start < domainNames.length; start += MAX_AVAILABILITY_NAMES) {
      const batch = domainNames.slice(start, start + MAX_AVAILABILITY_NAMES)
      const answer = await this.call<{
        results?: {
          domainName: string
          purchasable?: boolean
          premium?: boolean
          purchasePrice?: number
          renewalPrice?: number
        }[]
      }>('POST', '/core/v1/domains:checkAvailability', { domainNames: batch })
      const byName = new Map((answer.results ?? []).map((r) => [r.domainName.toLowerCase(), r]))
      for (const name of batch) {
        const result = byName.get(name)
        quotes.push({
          domainName: name,
          // Name.com leaves `purchasable` out for names it cannot sell.
          purchasable: result?.purchasable === true,
          premium: result?.premium === true,
          purchasePrice: result?.purchasePrice ?? null,
          renewalPrice: result?.renewalPrice ?? null,
        })
      }
    }
    return quotes
  }

  async register(input: RegistrationInput): Promise<RegistrarDomain> {
    const contact = nameComContact(input.contact)
    const answer = await this.call<{ domain: NameComDomain }>(
      'POST',
      '/core/v1/domains',
      {
        domain: {
          domainName: input.domainName,
          contacts: { registrant: contact, admin: contact, tech: contact, billing: contact },
          ...(input.nameservers.length > 0 ? { nameservers: input.nameservers } : {}),
          autorenewEnabled: input.autoRenew,
        },
        years: input.years,
        privacyEnabled: input.privacy,
        ...(input.purchasePrice !== null ? { purchasePrice: input.purchasePrice } : {}),
      },
      input.idempotencyKey,
    )
    return toDomain(answer.domain)
  }

  async renew(domainName: string, years: number, idempotencyKey: string): Promise<RegistrarDomain> {
    const answer = await this.call<{ domain: NameComDomain }>(
      'POST',
      this.domainPath(domainName, ':renew'),
      { years },
      idempotencyKey,
    )
    return toDomain(answer.domain)
  }

  async setNameservers(domainName: string, nameservers: string[]): Promise<void> {
    await this.call('PATCH', this.domainPath(domainName), { nameservers })
  }

  async setLock(domainName: string, locked: boolean): Promise<void> {
    await this.call('PATCH', this.domainPath(domainName), { locked })
  }

  async setAutoRenew(domainName: string, autoRenew: boolean): Promise<void> {
    await this.call('PATCH', this.domainPath(domainName), { autorenewEnabled: autoRenew })
  }

  async setContacts(domainName: string, contact: RegistrarContact): Promise<void> {
    const c = nameComContact(contact)
    await this.call('PATCH', this.domainPath(domainName), {
      contacts: { registrant: c, admin: c, tech: c, billing: c },
    })
  }

  async getAuthCode(domainName: string): Promise<string> {
    const answer = await this.call<{ authCode?: string }>('GET', this.domainPath(domainName, ':getAuthCode'))
    if (!answer.authCode) throw new RegistrarError('Name.com answered without an auth code')
    return answer.authCode
  }

  private recordsPath(domainName: string, id?: string) {
    const base = `/v4/domains/${encodeURIComponent(domainName)}/records`
    return id === undefined ? base : `${base}/${encodeURIComponent(id)}`
  }

  private recordBody(record: RegistrarRecordInput) {
    // PROVIDERS.md: Name.com serves A, AAAA, ANAME, CNAME, MX, NS, SRV and TXT.
    if (record.type === 'CAA') throw new RegistrarError('Name.com does not serve CAA records', 400)
    return {
      host: nameComHost(record.host),
      type: record.type,
      answer: record.answer,
      ttl: record.ttl,
      ...(record.priority !== null ? { priority: record.priority } : {}),
    }
  }

  async createRecord(domainName: string, record: RegistrarRecordInput): Promise<string> {
    const answer = await this.call<{ id?: number | string }>(
      'POST',
      this.recordsPath(domainName),
      this.recordBody(record),
    )
    if (answer.id === undefined) throw new RegistrarError('Name.com answered without a record id')
    return String(answer.id)
  }

  async updateRecord(domainName: string, recordId: string, record: RegistrarRecordInput): Promise<void> {
    await this.call('PUT', this.recordsPath(domainName, recordId), this.recordBody(record))
  }

  async deleteRecord(domainName: string, recordId: string): Promise<void> {
    await this.call('DELETE', this.recordsPath(domainName, recordId))
  }

  /** Name.com has no batch call for records: one call each, undone newest first on a failure. */
  applyRecordChanges(domainName: string, changes: RecordChange[]): Promise<ChangeOutcome[]> {
    // CAA is refused before any call, so a batch holding one changes nothing.
    for (const change of changes) this.recordBody(change.kind === 'delete' ? change.before : change.record)
    return applyOneByOne(this, domainName, changes)
  }
}
