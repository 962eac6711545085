import { createServer, type IncomingMessage, type Server } from 'node:http'

export const NAMECOM = { username: 'cypher-test', token: 'fake-namecom-token-0123456789abcdef' }

export interface NameComRequest {
  method: string
  path: string
  body: Record<string, unknown> | null
  idempotencyKey: string | null
}

interface FakeDomain {
  domainName: string
  createDate: string
  expireDate: string
  locked: boolean
  autorenewEnabled: boolean
  nameservers: string[]
  contacts: unknown
  authCode: string
  records: { id: number; host: string; type: string; answer: string; ttl: number; priority?: number }[]
}

const CONTACT_FIELDS = [
  'firstName',
  'lastName',
  'address1',
  'city',
  'state',
  'zip',
  'country',
  'phone',
  'email',
]
const RECORD_TYPES = ['A', 'AAAA', 'ANAME', 'CNAME', 'MX', 'NS', 'SRV', 'TXT']

/**
 * A local stand-in for Name.com that checks requests as PROVIDERS.md documents them: HTTP Basic auth
 * (user name : token), JSON bodies, the Core API under /core/v1 (checkAvailability with at most 50
 * names, create with {domain: {domainName, contacts, nameservers}} and an X-Idempotency-Key, renew,
 * PATCH for lock / auto-renew / nameservers / contacts, :getAuthCode) and DNS records under
 * /v4/domains/{domain}/records. Errors answer {message, details}.
 */
export class FakeNameCom {
  readonly requests: NameComRequest[] = []
  readonly domains = new Map<string, FakeDomain>()
  /** Names the fake says are taken. */
  readonly taken = new Set<string>()
  /** A failure to answer instead of the real one (the test decides which call fails). */
  failWhen: ((request: NameComRequest, index: number) => { status: number; message: string } | null) | null =
    null
  private nextRecordId = 100
  private readonly server: Server = createServer((request, response) => {
    void this.handle(request).then(({ status, body }) => {
      response.writeHead(status, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify(body))
    })
  })
  url = ''

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    const address = this.server.address()
    if (!address || typeof address === 'string') throw new Error('fake Name.com did not start')
    this.url = `http://127.0.0.1:${address.port}`
    return this
  }

  async stop() {
    this.server.closeAllConnections()
    await new Promise((resolve) => this.server.close(resolve))
  }

  private error(status: number, message: string, details = '') {
    return { status, body: { message, details } }
  }

  private async handle(request: IncomingMessage): Promise<{ status: number; body: object }> {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    const method = request.method ?? 'GET'
    const path = decodeURIComponent(request.url ?? '')
    const expectedAuth = `Basic ${Buffer.from(`${NAMECOM.username}:${NAMECOM.token}`).toString('base64')}`
    if (request.headers.authorization !== expectedAuth) return this.error(401, 'Unauthenticated')
    let body: Record<string, unknown> | null = null
    if (raw) {
      if (!request.headers['content-type']?.startsWith('application/json'))
        return this.error(415, 'Unsupported Media Type')
      try {
        body = JSON.parse(raw) as Record<string, unknown>
      } catch {
        return this.error(400, 'Invalid Argument', 'body is not JSON')
      }
    }
    const key = request.headers['x-idempotency-key']
    const entry = { method, path, body, idempotencyKey: typeof key === 'string' ? key : null }
    this.requests.push(entry)
    const failure = this.failWhen?.(entry, this.requests.length - 1)
    if (failure) return this.error(failure.status, failure.message)

    if (method === 'POST' && path === '/core/v1/domains:checkAvailability') {
      const names = body?.domainNames
      if (!Array.isArray(names) || names.length === 0)
        return this.error(400, 'Invalid Argument', 'domainNames')
      if (names.length > 50) return this.error(400, 'Invalid Argument', 'at most 50 domainNames')
      return {
        status: 200,
        body: {
          results: names.map((name) => {
            const domainName = String(name)
            const [sld = '', tld = ''] = domainName.split('.')
            const free = !this.taken.has(domainName) && !this.domains.has(domainName)
            // Name.com leaves purchasable out for names it cannot sell.
            return free
              ? {
                  domainName,
                  sld,
                  tld,
                  purchasable: true,
                  premium: sld.length <= 3,
                  purchasePrice: sld.length <= 3 ? 350 : 10.99,
                  purchaseType: 'registration',
                  renewalPrice: 10.99,
                }
              : { domainName, sld, tld }
          }),
        },
      }
    }
    if (method === 'POST' && path === '/core/v1/domains') {
      if (typeof key !== 'string' || key.length === 0 || key.length > 255)
        return this.error(400, 'Invalid Argument', 'X-Idempotency-Key is required')
      const domain = body?.domain as Record<string, unknown> | undefined
      const domainName = typeof domain?.domainName === 'string' ? domain.domainName : ''
      const contacts = domain?.contacts as Record<string, Record<string, unknown>> | undefined
      const registrant = contacts?.registrant
      if (!domainName) return this.error(400, 'Invalid Argument', 'domain.domainName')
      if (!registrant || CONTACT_FIELDS.some((f) => typeof registrant[f] !== 'string' || !registrant[f]))
        return this.error(400, 'Invalid Argument', 'domain.contacts.registrant')
      const years = body?.years
      if (years !== undefined && (typeof years !== 'number' || years < 1 || years > 10))
        return this.error(400, 'Invalid Argument', 'years')
      const existing = this.domains.get(domainName)
      if (existing) {
        const first = this.requests.find(
          (r) => r.path === path && (r.body?.domain as { domainName?: string })?.domainName === domainName,
        )
        if (first?.idempotencyKey === key) return { status: 200, body: { domain: existing } }
        return this.error(409, 'Conflict', 'Domain is not available')
      }
      if (this.taken.has(domainName)) return this.error(409, 'Conflict', 'Domain is not available')
      const now = new Date()
      const expire = new Date(now)
      expire.setUTCFullYear(now.getUTCFullYear() + (typeof years === 'number' ? years : 1))
      const created: FakeDomain = {
        domainName,
        createDate: now.toISOString(),
        expireDate: expire.toISOString(),
        locked: true,
        autorenewEnabled: domain?.autorenewEnabled === true,
        nameservers: Array.isArray(domain?.nameservers)
          ? (domain.nameservers as string[])
          : ['ns1.name.com', 'ns2.name.com'],
        contacts,
        authCode: 'Fake-Auth-Code-123',
        records: [],
      }
      this.domains.set(domainName, created)
      return { status: 200, body: { domain: created, order: 1, totalPaid: 10.99 } }
    }
    const core = /^\/core\/v1\/domains\/([^/:]+)(:renew|:getAuthCode)?$/.exec(path)
    if (core) {
      const domain = this.domains.get(core[1] ?? '')
      if (!domain) return this.error(404, 'Not Found', 'domain not found')
      if (core[2] === ':renew' && method === 'POST') {
        if (typeof key !== 'string' || !key)
          return this.error(400, 'Invalid Argument', 'X-Idempotency-Key is required')
        const years = typeof body?.years === 'number' ? body.years : 1
        const expire = new Date(domain.expireDate)
        expire.setUTCFullYear(expire.getUTCFullYear() + years)
        domain.expireDate = expire.toISOString()
        return { status: 200, body: { domain, order: 2, totalPaid: 10.99 } }
      }
      if (core[2] === ':getAuthCode' && method === 'GET') {
        if (domain.locked) return this.error(400, 'Invalid Argument', 'domain is locked')
        return { status: 200, body: { authCode: domain.authCode } }
      }
      if (!core[2] && method === 'PATCH') {
        if (!body) return this.error(400, 'Invalid Argument', 'body required')
        if ('locked' in body) domain.locked = body.locked === true
        if ('autorenewEnabled' in body) domain.autorenewEnabled = body.autorenewEnabled === true
        if ('nameservers' in body) {
          if (!Array.isArray(body.nameservers) || body.nameservers.length < 2)
            return this.error(400, 'Invalid Argument', 'nameservers')
          domain.nameservers = body.nameservers as string[]
        }
        if ('contacts' in body) domain.contacts = body.contacts
        return { status: 200, body: domain }
      }
    }
    const records = /^\/v4\/domains\/([^/]+)\/records(?:\/(\d+))?$/.exec(path)
    if (records) {
      const domain = this.domains.get(records[1] ?? '')
      if (!domain) return this.error(404, 'Not Found', 'domain not found')
      const id = records[2] ? Number(records[2]) : null
      if (method === 'DELETE' && id !== null) {
        domain.records = domain.records.filter((r) => r.id !== id)
        return { status: 200, body: {} }
      }
      if ((method === 'POST' && id === null) || (method === 'PUT' && id !== null)) {
        const type = String(body?.type ?? '')
        if (!RECORD_TYPES.includes(type)) return this.error(400, 'Invalid Argument', 'type')
        if (typeof body?.answer !== 'string' || !body.answer)
          return this.error(400, 'Invalid Argument', 'answer')
        if (typeof body.ttl !== 'number' || body.ttl < 300) return this.error(400, 'Invalid Argument', 'ttl')
        const record = {
          id: id ?? this.nextRecordId++,
          host: typeof body.host === 'string' ? body.host : '',
          type,
          answer: body.answer,
          ttl: body.ttl,
          ...(typeof body.priority === 'number' ? { priority: body.priority } : {}),
        }
        if (id !== null && !domain.records.some((r) => r.id === id))
          return this.error(404, 'Not Found', 'record')
        domain.records =
          id === null ? [...domain.records, record] : domain.records.map((r) => (r.id === id ? record : r))
        return {
          status: 200,
          body: {
            ...record,
            domainName: domain.domainName,
            fqdn: `${record.host ? `${record.host}.` : ''}${domain.domainName}.`,
          },
        }
      }
    }
    return this.error(404, 'Not Found', `${method} ${path}`)
  }
}
