import type { DnsRecordType } from '@/contract/domains'
import type { Executor } from '../../db/client'

/** One name's availability and prices (USD per year) as the registrar quotes them. */
export interface RegistrarQuote {
  domainName: string
  purchasable: boolean
  premium: boolean
  /** Null when the registrar gave no price (the caller falls back to 12.99). */
  purchasePrice: number | null
  renewalPrice: number | null
}

export interface RegistrarContact {
  firstName: string
  lastName: string
  email: string
  /** +CC.NUMBER */
  phone: string
  address1: string
  city: string
  state: string
  zip: string
  country: string
  organization: string
}

export interface RegistrationInput {
  domainName: string
  years: number
  privacy: boolean
  autoRenew: boolean
  /** Empty: the registrar's own nameservers. */
  nameservers: string[]
  contact: RegistrarContact
  /** Premium names must be bought at the quoted price. */
  purchasePrice: number | null
  /** Repeating a call with the same key never registers twice. */
  idempotencyKey: string
}

export interface RegistrarDomain {
  domainName: string
  createDate: Date
  expireDate: Date
  locked: boolean
  autoRenew: boolean
  nameservers: string[]
}

export interface RegistrarRecordInput {
  type: DnsRecordType
  /** '' or '@' for the apex, otherwise the label(s) below the domain. */
  host: string
  answer: string
  ttl: number
  priority: number | null
}

/** One step of a change to a domain's records; deletes and updates carry the record as it was, to undo them. */
export type RecordChange =
  | { kind: 'create'; record: RegistrarRecordInput }
  | { kind: 'update'; id: string; before: RegistrarRecordInput; record: RegistrarRecordInput }
  | { kind: 'delete'; id: string; before: RegistrarRecordInput }

/**
 * Where one change stands at the registrar: applied or not, and the id of the record it leaves (null when
 * none: a delete that went through, a create that did not). An undone delete re-creates the record, under
 * a new id at a remote registrar.
 */
export interface ChangeOutcome {
  applied: boolean
  id: string | null
}

/** A refusal or failure the registrar answered with; its message is safe to show. */
export class RegistrarError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message)
    this.name = 'RegistrarError'
  }
}

/** A batch of record changes failed; `outcomes` says what stands at the registrar afterwards. */
export class RecordBatchError extends RegistrarError {
  constructor(
    message: string,
    status: number | null,
    readonly outcomes: ChangeOutcome[],
  ) {
    super(message, status)
    this.name = 'RecordBatchError'
  }

  /** Changes still applied because undoing them failed too. */
  get stranded(): number {
    return this.outcomes.filter((o) => o.applied).length
  }
}

/** The domain registrar (ARCHITECTURE §5): Name.com when configured, otherwise the sandbox registry. */
export interface Registrar {
  readonly sandbox: boolean
  /** Any number of names; implementations batch as the provider requires. */
  checkAvailability(domainNames: string[]): Promise<RegistrarQuote[]>
  register(input: RegistrationInput): Promise<RegistrarDomain>
  renew(domainName: string, years: number, idempotencyKey: string): Promise<RegistrarDomain>
  setNameservers(domainName: string, nameservers: string[]): Promise<void>
  setLock(domainName: string, locked: boolean): Promise<void>
  setAutoRenew(domainName: string, autoRenew: boolean): Promise<void>
  setContacts(domainName: string, contact: RegistrarContact): Promise<void>
  getAuthCode(domainName: string): Promise<string>
  /** Returns the registrar's id of the new record. */
  createRecord(domainName: string, record: RegistrarRecordInput): Promise<string>
  updateRecord(domainName: string, recordId: string, record: RegistrarRecordInput): Promise<void>
  deleteRecord(domainName: string, recordId: string): Promise<void>
  /**
   * All the changes or none (issue 29): on a failure the changes already made are undone, and the error
   * is a RecordBatchError telling where each change stands (some may remain if an undo failed too).
   */
  applyRecordChanges(domainName: string, changes: RecordChange[]): Promise<ChangeOutcome[]>
  /**
   * The same registrar for use inside a database transaction. The sandbox keeps its registry in our
   * database and must write through the transaction (the embedded database has one connection);
   * a real registrar is outside the database and returns itself.
   */
  within(tx: Executor): Registrar
}
