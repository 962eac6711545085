import { randomInt, sign, verify } from 'node:crypto'
import {
  CERTIFICATE_TYPE_CODES,
  certificateMessages,
  certificateProblemFields,
  checkCertificate,
  DEFAULT_ISSUER,
  maskEmail,
  normaliseSerial,
  parseCredits,
  SERIAL_ALPHABET,
  SERIAL_RANDOM_LENGTH,
  signedDocument,
  skillList,
  type Certificate,
  type CertificateCreateRequest,
  type CertificateType,
  type SignedCertificateFields,
  type VerificationStatus,
} from '@/contract/certificates'
import type { PageMeta } from '@/contract/page-meta'
import { site } from '@/contract/site'
import type { Database } from '../../db/client'
import { badRequest, conflict, notFound } from '../../lib/errors'
import { loadPage, PAGE_SIZE, type ListPage } from '../../lib/pagination'
import * as repo from './repository'
import type { SigningKey } from '../../lib/signing-key'

export interface CertificateDeps {
  db: Database
  key: SigningKey
  /** PUBLIC_URL: the verification address printed on each certificate (and in its QR code). */
  publicUrl: string
}

/** CYP-YYYY-TYPE-XXXXXX: the issue year, the type's code and six characters that cannot be misread. */
export function newSerial(type: CertificateType, issueDate: string): string {
  let random = ''
  for (let i = 0; i < SERIAL_RANDOM_LENGTH; i += 1)
    random += SERIAL_ALPHABET[randomInt(SERIAL_ALPHABET.length)]
  return `CYP-${issueDate.slice(0, 4)}-${CERTIFICATE_TYPE_CODES[type]}-${random}`
}

function signedFields(row: repo.CertificateRow): SignedCertificateFields {
  return {
    serial_number: row.serialNumber,
    recipient_name: row.recipientName,
    recipient_email: row.recipientEmail,
    course_name: row.courseName,
    course_description: row.courseDescription,
    certificate_type: row.certificateType,
    grade: row.grade,
    credits: row.credits,
    skills: row.skills,
    completion_date: row.completionDate,
    issue_date: row.issueDate,
    expiry_date: row.expiryDate,
    metadata: row.metadata,
    issuer: { name: row.issuerName, title: row.issuerTitle },
    organization: {
      name: row.organizationName,
      logo_url: row.organizationLogoUrl,
      website: row.organizationWebsite,
    },
  }
}

export function signatureOf(key: SigningKey, fields: SignedCertificateFields): string {
  return sign(null, Buffer.from(signedDocument(fields)), key.privateKey).toString('base64')
}

/** True when the stored row still matches what the server signed, with the key it names. */
export function signatureHolds(key: SigningKey, row: repo.CertificateRow): boolean {
  if (row.signingKeyId !== key.keyId) return false
  try {
    return verify(
      null,
      Buffer.from(signedDocument(signedFields(row))),
      key.publicKey,
      Buffer.from(row.signature, 'base64'),
    )
  } catch {
    return false
  }
}

const today = () => new Date().toISOString().slice(0, 10)

/**
 * The status a verification shows: revoked, then expired (an expiry date before today, spec §4),
 * then the stored status. A signature that no longer holds makes the certificate invalid.
 */
function statusOf(row: repo.CertificateRow, signatureVerified: boolean) {
  const status: VerificationStatus =
    row.status === 'revoked' ? 'revoked' : row.expiryDate && row.expiryDate < today() ? 'expired' : row.status
  return { verification_status: status, is_valid: status === 'valid' && signatureVerified }
}

export function toCertificate(
  deps: CertificateDeps,
  row: repo.CertificateRow,
  audience: 'public' | 'staff',
): Certificate {
  const fields = signedFields(row)
  const verified = signatureHolds(deps.key, row)
  return {
    ...fields,
    recipient_email: audience === 'public' ? maskEmail(row.recipientEmail) : row.recipientEmail,
    ...statusOf(row, verified),
    revoked_at: row.revokedAt?.toISOString() ?? null,
    revocation_reason: row.revocationReason,
    created_at: row.createdAt.toISOString(),
    signature: { algorithm: 'Ed25519', key_id: row.signingKeyId, value: row.signature, verified },
    verification_url: `${deps.publicUrl}/certificate/${row.serialNumber}`,
  }
}

/** Staff only (the route checks): validates, draws a unique serial, signs and stores. */
export async function createCertificate(
  deps: CertificateDeps,
  input: CertificateCreateRequest,
  createdBy: number,
): Promise<Certificate> {
  const values = {
    recipient_name: input.recipient_name?.trim() ?? '',
    recipient_email: input.recipient_email?.trim() ?? '',
    course_name: input.course_name?.trim() ?? '',
    completion_date: input.completion_date ?? '',
    issue_date: input.issue_date ?? '',
    expiry_date: input.expiry_date || null,
    credits: input.credits,
    skills: input.skills,
  }
  const problem = checkCertificate(values)
  if (problem) throw badRequest(problem.message, certificateProblemFields(problem))
  const type = input.certificate_type ?? 'training'
  const fields: Omit<SignedCertificateFields, 'serial_number'> = {
    recipient_name: values.recipient_name,
    recipient_email: values.recipient_email.toLowerCase(),
    course_name: values.course_name,
    course_description: input.course_description?.trim() ?? '',
    certificate_type: type,
    grade: input.grade?.trim() ?? '',
    credits: parseCredits(values.credits) ?? null,
    skills: skillList(values.skills),
    completion_date: values.completion_date,
    issue_date: values.issue_date,
    expiry_date: values.expiry_date,
    metadata: {
      duration_hours: input.metadata?.duration_hours ?? null,
      instructor: input.metadata?.instructor?.trim() || null,
      location: input.metadata?.location?.trim() || null,
    },
    issuer: {
      name: input.issuer?.name?.trim() || DEFAULT_ISSUER.name,
      title: input.issuer?.title?.trim() || DEFAULT_ISSUER.title,
    },
    organization: {
      name: input.organization?.name?.trim() || site.name,
      logo_url: input.organization?.logo_url?.trim() || null,
      website: input.organization?.website?.trim() || deps.publicUrl,
    },
  }
  // 31^6 serials per year and type: a collision is rare, and a retry draws again.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const serial = newSerial(type, fields.issue_date)
    const signed = { ...fields, serial_number: serial }
    const row = await repo.insertCertificate(deps.db, {
      serialNumber: serial,
      recipientName: signed.recipient_name,
      recipientEmail: signed.recipient_email,
      courseName: signed.course_name,
      courseDescription: signed.course_description,
      certificateType: type,
      grade: signed.grade,
      credits: signed.credits,
      skills: signed.skills,
      completionDate: signed.completion_date,
      issueDate: signed.issue_date,
      expiryDate: signed.expiry_date,
      metadata: signed.metadata,
      issuerName: signed.issuer.name,
      issuerTitle: signed.issuer.title,
      organizationName: signed.organization.name,
      organizationLogoUrl: signed.organization.logo_url,
      organizationWebsite: signed.organization.website,
      signature: signatureOf(deps.key, signed),
      signingKeyId: deps.key.keyId,
      createdBy,
    })
    if (row) return toCertificate(deps, row, 'staff')
  }
  throw new Error('could not draw an unused certificate serial')
}

/** Public: the certificate of a serial in any letter case, or 404 'Certificate not found'. */
export async function verifyCertificate(deps: CertificateDeps, serial: string): Promise<Certificate> {
  const normalised = normaliseSerial(serial)
  if (!normalised)
    throw badRequest(certificateMessages.serialRequired, {
      serial_number: [certificateMessages.serialRequired],
    })
  const row = await repo.findBySerial(deps.db, normalised)
  if (!row) throw notFound(certificateMessages.notFound)
  return toCertificate(deps, row, 'public')
}

export async function listCertificates(
  deps: CertificateDeps,
  query: { page: number; search?: string | undefined; status?: 'revoked' | 'active' | undefined },
): Promise<ListPage<Certificate>> {
  const filter = {
    search: query.search?.trim() || undefined,
    revoked: query.status === undefined ? undefined : query.status === 'revoked',
  }
  return loadPage(
    query.page,
    PAGE_SIZE.default,
    (window) => repo.listCertificates(deps.db, filter, window),
    (row) => toCertificate(deps, row, 'staff'),
  )
}

export async function revokeCertificate(
  deps: CertificateDeps,
  serial: string,
  reason: string,
  by: number,
): Promise<Certificate> {
  if (!reason.trim()) {
    throw badRequest(certificateMessages.reasonRequired, { reason: [certificateMessages.reasonRequired] })
  }
  const row = await repo.findBySerial(deps.db, normaliseSerial(serial))
  if (!row) throw notFound(certificateMessages.notFound)
  const revoked = await repo.revoke(deps.db, row.id, by, reason)
  if (!revoked) throw conflict(certificateMessages.alreadyRevoked)
  return toCertificate(deps, revoked, 'staff')
}

/** Link previews of /certificate/{serial}: what the certificate is, never indexed. */
export async function certificatePageMeta(db: Database, pathname: string): Promise<PageMeta | null> {
  const match = /^\/certificate\/([^/]+)$/.exec(pathname)
  if (!match?.[1]) return null
  let serial: string
  try {
    serial = normaliseSerial(decodeURIComponent(match[1]))
  } catch {
    return null
  }
  const row = await repo.findBySerial(db, serial)
  const title = row
    ? `${row.courseName}: ${row.recipientName} | Certificate ${serial} | ${site.name}`
    : `Certificate ${serial} | ${site.name}`
  return { title, description: `Verify certificate ${serial} issued by ${site.name}.`, noindex: true }
}
