import { randomBytes } from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { sandboxRegistry, type RegistryRecord } from '../../db/schema'
import {
  RecordBatchError,
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

/** USD per year for each offered TLD (the sandbox's price list). */
export const SANDBOX_TLD_PRICES: Readonly<Record<string, number>> = {
  com: 12.99,
  net: 14.99,
  org: 13.99,
  io: 39.99,
  co: 29.99,
  app: 17.99,
  dev: 15.99,
  tech: 49.99,
  online: 34.99,
  store: 54.99,
}
/** Labels of up to this many characters are premium names, sold at PREMIUM_PRICE the first year. */
export const PREMIUM_MAX_LENGTH = 3
export const PREMIUM_PRICE = 499
/** Names no one can register in the sandbox, whatever the TLD (plus every name already registered). */
export const RESERVED_LABELS: readonly string[] = [
  'example',
  'test',
  'invalid',
  'localhost',
  'nic',
  'whois',
  'google',
  'amazon',
  'facebook',
  'microsoft',
  'apple',
]
export const SANDBOX_NAMESERVERS = ['ns1.sandbox-registrar.test', 'ns2.sandbox-registrar.test']

function splitName(domainName: string) {
  const dot = domainName.indexOf('.')
  return { label: domainName.slice(0, dot), tld: domainName.slice(dot + 1) }
}

function addYears(date: Date, years: number): Date {
  const next = new Date(date)
  next.setUTCFullYear(next.getUTCFullYear() + years)
  return next
}

type RegistryRow = typeof sandboxRegistry.$inferSelect

function toDomain(row: RegistryRow): RegistrarDomain {
  return {
    domainName: row.domainName,
    createDate: row.createDate,
    expireDate: row.expireDate,
    locked: row.locked,
    autoRenew: row.autoRenew,
    nameservers: row.nameservers,
  }
}

/**
 * A registrar kept in our own database (ARCHITECTURE §5): a name is available unless it is reserved or
 * already in the registry; prices come from the TLD list, short names are premium. It keeps each
 * registered name's dates, lock, nameservers, contacts, auth code and DNS records like a registry does.
 */
export class SandboxRegistrar implements Registrar {
  readonly sandbox = true
  constructor(private readonly db: Executor) {}

  within(tx: Executor): Registrar {
    return new SandboxRegistrar(tx)
  }

  async checkAvailability(domainNames: string[]): Promise<RegistrarQuote[]> {
    const taken = domainNames.length
      ? new Set(
          (
            await this.db
              .select({ name: sandboxRegistry.domainName })
              .from(sandboxRegistry)
              .where(inArray(sandboxRegistry.domainName, domainNames))
          ).map((r) => r.name),
        )
      : new Set<string>()
    return domainNames.map((domainName) => {
      const { label, tld } = splitName(domainName)
      const tldPrice = SANDBOX_TLD_PRICES[tld] ?? null
      const premium = label.length > 0 && label.length <= PREMIUM_MAX_LENGTH
      return {
        domainName,
        purchasable: tldPrice !== null && !taken.has(domainName) && !RESERVED_LABELS.includes(label),
        premium,
        purchasePrice: tldPrice === null ? null : premium ? PREMIUM_PRICE : tldPrice,
        renewalPrice: tldPrice,
      }
    })
  }

  private async row(domainName: string): Promise<RegistryRow> {
    const [row] = await this.db
      .select()
      .from(sandboxRegistry)
      .where(eq(sandboxRegistry.domainName, domainName))
      .limit(1)
    if (!row) throw new RegistrarError(`${domainName} is not registered`, 404)
    return row
  }

  async register(input: RegistrationInput): Promise<RegistrarDomain> {
    const [existing] = await this.db
      .select()
      .from(sandboxRegistry)
      .where(eq(sandboxRegistry.domainName, input.domainName))
      .limit(1)
    if (existing) {
      if (existing.appliedKeys.includes(input.idempotencyKey)) return toDomain(existing)
      throw new RegistrarError(`${input.domainName} is not available`, 409)
    }
    const [quote] = await this.checkAvailability([input.domainName])
    if (!quote?.purchasable) throw new RegistrarError(`${input.domainName} is not available`, 409)
    if (quote.premium && input.purchasePrice !== quote.purchasePrice)
      throw new RegistrarError('A premium name must be bought at its quoted price', 400)
    const now = new Date()
    const [row] = await this.db
      .insert(sandboxRegistry)
      .values({
        domainName: input.domainName,
        createDate: now,
        expireDate: addYears(now, input.years),
        locked: true,
        autoRenew: input.autoRenew,
        privacy: input.privacy,
        nameservers: input.nameservers.length > 0 ? input.nameservers : SANDBOX_NAMESERVERS,
        contact: { ...input.contact },
        authCode: randomBytes(12).toString('base64url'),
        appliedKeys: [input.idempotencyKey],
      })
      .onConflictDoNothing()
      .returning()
    if (!row) throw new RegistrarError(`${input.domainName} is not available`, 409)
    return toDomain(row)
  }

  async renew(domainName: string, years: number, idempotencyKey: string): Promise<RegistrarDomain> {
    const row = await this.row(domainName)
    if (row.appliedKeys.includes(idempotencyKey)) return toDomain(row)
    // An expired name renews from today; a live one from its current expiry.
    const from = row.expireDate > new Date() ? row.expireDate : new Date()
    const [updated] = await this.db
      .update(sandboxRegistry)
      .set({
        expireDate: addYears(from, years),
        appliedKeys: sql`${sandboxRegistry.appliedKeys} || ${JSON.stringify([idempotencyKey])}::jsonb`,
      })
      .where(eq(sandboxRegistry.domainName, domainName))
      .returning()
    if (!updated) throw new RegistrarError(`${domainName} is not registered`, 404)
    return toDomain(updated)
  }

  private async change(domainName: string, values: Partial<typeof sandboxRegistry.$inferInsert>) {
    const updated = await this.db
      .update(sandboxRegistry)
      .set(values)
      .where(eq(sandboxRegistry.domainName, domainName))
      .returning({ name: sandboxRegistry.domainName })
    if (updated.length === 0) throw new RegistrarError(`${domainName} is not registered`, 404)
  }

  setNameservers(domainName: string, nameservers: string[]) {
    return this.change(domainName, { nameservers })
  }

  setLock(domainName: string, locked: boolean) {
    return this.change(domainName, { locked })
  }

  setAutoRenew(domainName: string, autoRenew: boolean) {
    return this.change(domainName, { autoRenew })
  }

  setContacts(domainName: string, contact: RegistrarContact) {
    return this.change(domainName, { contact: { ...contact } })
  }

  async getAuthCode(domainName: string): Promise<string> {
    const row = await this.row(domainName)
    // Registries refuse transfers out of a locked name.
    if (row.locked) throw new RegistrarError(`${domainName} is locked`, 409)
    return row.authCode
  }

  async createRecord(domainName: string, record: RegistrarRecordInput): Promise<string> {
    const row = await this.row(domainName)
    const id = String(row.nextRecordId)
    const entry: RegistryRecord = { id, ...record }
    await this.change(domainName, { records: [...row.records, entry], nextRecordId: row.nextRecordId + 1 })
    return id
  }

  async updateRecord(domainName: string, recordId: string, record: RegistrarRecordInput): Promise<void> {
    const row = await this.row(domainName)
    if (!row.records.some((r) => r.id === recordId)) throw new RegistrarError('Record not found', 404)
    await this.change(domainName, {
      records: row.records.map((r) => (r.id === recordId ? { id: recordId, ...record } : r)),
    })
  }

  async deleteRecord(domainName: string, recordId: string): Promise<void> {
    const row = await this.row(domainName)
    await this.change(domainName, { records: row.records.filter((r) => r.id !== recordId) })
  }

  /** The registry row is written once, so the changes land together or not at all. */
  async applyRecordChanges(domainName: string, changes: RecordChange[]): Promise<ChangeOutcome[]> {
    const row = await this.row(domainName)
    let records = [...row.records]
    let nextId = row.nextRecordId
    const outcomes: ChangeOutcome[] = []
    const unchanged = changes.map((c) => ({ applied: false, id: c.kind === 'create' ? null : c.id }))
    for (const change of changes) {
      if (change.kind !== 'create' && !records.some((r) => r.id === change.id))
        throw new RecordBatchError('Record not found', 404, unchanged)
      if (change.kind === 'create') {
        const id = String(nextId++)
        records.push({ id, ...change.record })
        outcomes.push({ applied: true, id })
      } else if (change.kind === 'update') {
        records = records.map((r) => (r.id === change.id ? { id: change.id, ...change.record } : r))
        outcomes.push({ applied: true, id: change.id })
      } else {
        records = records.filter((r) => r.id !== change.id)
        outcomes.push({ applied: true, id: null })
      }
    }
    await this.change(domainName, { records, nextRecordId: nextId })
    return outcomes
  }
}
