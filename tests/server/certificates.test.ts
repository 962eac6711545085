import { createPublicKey, verify } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  certificateMessages,
  SERIAL_PATTERN,
  signedDocument,
  type Certificate,
} from '../../src/contract/certificates'
import { certificates } from '../../server/db/schema'
import { nextAddress, registerClient, signIn, STAFF } from './helpers/auth'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()
const staff = await signIn(app, STAFF)
const client = await registerClient(app)

const payload = (overrides: Record<string, unknown> = {}) => ({
  recipient_name: 'Layla Hassan',
  recipient_email: 'Layla.Hassan@example.com',
  course_name: 'Secure Web Development',
  course_description: 'OWASP Top 10, threat modelling and secure code review.',
  completion_date: '2026-03-01',
  issue_date: '2026-03-05',
  certificate_type: 'professional',
  grade: 'A',
  credits: '24',
  skills: 'Threat modelling, Code review, , OWASP',
  metadata: {},
  verification_status: 'valid',
  is_valid: true,
  is_verified: true,
  ...overrides,
})

async function create(overrides: Record<string, unknown> = {}, headers = staff.headers) {
  return app.inject({ method: 'POST', url: '/api/certificates/', headers, payload: payload(overrides) })
}

async function issued(overrides: Record<string, unknown> = {}): Promise<Certificate> {
  const response = await create(overrides)
  expect(response.statusCode).toBe(201)
  return response.json()
}

const verifySerial = (serial_number: string) =>
  app.inject({
    method: 'POST',
    url: '/api/public/certificates/verify/',
    payload: { serial_number },
    remoteAddress: nextAddress(),
  })

describe('POST /api/certificates/ (staff only)', () => {
  it('issues a signed certificate with a serial CYP-YYYY-TYPE-XXXXXX of the issue year and type', async () => {
    const certificate = await issued()
    expect(certificate.serial_number).toMatch(SERIAL_PATTERN)
    expect(certificate.serial_number).toMatch(/^CYP-2026-PROF-[2-9A-HJKMNP-Z]{6}$/)
    expect(certificate).toMatchObject({
      recipient_email: 'layla.hassan@example.com',
      credits: 24,
      skills: ['Threat modelling', 'Code review', 'OWASP'],
      verification_status: 'valid',
      is_valid: true,
      issuer: { name: 'Cypher Certification Authority', title: 'Chief Executive Officer' },
      organization: { name: 'Cypher' },
      signature: { algorithm: 'Ed25519', verified: true },
    })
    expect(certificate.verification_url).toBe(
      `${app.config.publicUrl}/certificate/${certificate.serial_number}`,
    )
  })

  it('keeps a given issuer and organization (the second reading of the payload)', async () => {
    const certificate = await issued({
      issuer: { name: 'Nadia Farouk', title: 'Chief Technology Officer' },
      organization: { name: 'Cypher Academy', logo_url: null, website: 'https://academy.example' },
    })
    expect(certificate.issuer).toEqual({ name: 'Nadia Farouk', title: 'Chief Technology Officer' })
    expect(certificate.organization).toEqual({
      name: 'Cypher Academy',
      logo_url: null,
      website: 'https://academy.example',
    })
  })

  it('draws a different serial for every certificate', async () => {
    const serials = new Set<string>()
    for (let i = 0; i < 25; i += 1)
      serials.add((await issued({ certificate_type: 'training' })).serial_number)
    expect(serials.size).toBe(25)
  })

  it('refuses clients with 403 and anonymous callers with 401, storing nothing', async () => {
    const before = await app.db.$count(certificates)
    expect((await create({}, client.headers)).statusCode).toBe(403)
    expect((await create({}, {} as typeof staff.headers)).statusCode).toBe(401)
    expect(await app.db.$count(certificates)).toBe(before)
  })

  it("answers missing fields with the spec's message and every missing field", async () => {
    const response = await create({ recipient_name: ' ', course_name: '', issue_date: '' })
    expect(response.statusCode).toBe(400)
    const body = response.json()
    expect(body.detail).toBe(certificateMessages.requiredFields)
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['recipient_name', 'course_name', 'issue_date']))
  })

  it('refuses a bad e-mail, an impossible date, an expiry before the issue date and bad credits', async () => {
    expect((await create({ recipient_email: 'nope' })).json().detail).toBe(certificateMessages.invalidEmail)
    expect((await create({ completion_date: '2026-02-30' })).json().detail).toBe(
      certificateMessages.invalidDate,
    )
    expect((await create({ expiry_date: '2026-03-01' })).json().detail).toBe(
      certificateMessages.expiryBeforeIssue,
    )
    const credits = await create({ credits: 'ten' })
    expect(credits.statusCode).toBe(400)
    expect(credits.json().detail).toBe(certificateMessages.invalidCredits)
  })

  it.each([
    ['a year 0 date', { issue_date: '0000-01-01' }],
    ['a far future date', { expiry_date: '9999-12-31' }],
    ['credits as an object', { credits: { hours: 3 } }],
    ['skills as numbers', { skills: [1, 2] }],
    ['an unknown type', { certificate_type: 'honorary' }],
    ['a negative duration', { metadata: { duration_hours: -1 } }],
    ['a very long name', { recipient_name: 'x'.repeat(5000) }],
  ])('answers %s with 400, never 500', async (_label, overrides) => {
    const response = await create(overrides)
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toEqual(expect.any(String))
  })
})

describe('POST /api/public/certificates/verify/', () => {
  it('finds a certificate by its serial in any letter case, with the e-mail masked', async () => {
    const { serial_number } = await issued()
    const response = await verifySerial(`  ${serial_number.toLowerCase()} `)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      serial_number,
      recipient_email: 'l•••@example.com',
      verification_status: 'valid',
      is_valid: true,
      signature: { verified: true },
    })
  })

  it("answers an unknown serial with 404 'Certificate not found'", async () => {
    const response = await verifySerial('CYP-2026-TRNG-ZZZZZZ')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ detail: 'Certificate not found' })
  })

  it('shows a certificate whose expiry date has passed as expired and not valid', async () => {
    const { serial_number } = await issued({
      issue_date: '2024-01-10',
      completion_date: '2024-01-05',
      expiry_date: '2025-01-10',
    })
    expect(serial_number).toMatch(/^CYP-2024-/)
    expect((await verifySerial(serial_number)).json()).toMatchObject({
      verification_status: 'expired',
      is_valid: false,
      signature: { verified: true },
    })
  })

  it('shows a certificate expiring in the future as valid', async () => {
    const { serial_number } = await issued({ expiry_date: '2099-01-01' })
    expect((await verifySerial(serial_number)).json()).toMatchObject({ verification_status: 'valid' })
  })
})

describe('revocation', () => {
  const revoke = (serial: string, reason: string, headers = staff.headers) =>
    app.inject({ method: 'POST', url: `/api/certificates/${serial}/revoke/`, headers, payload: { reason } })

  it('lets staff revoke with a reason that verification then shows', async () => {
    const { serial_number } = await issued()
    const response = await revoke(serial_number, 'Issued to the wrong participant.')
    expect(response.statusCode).toBe(200)
    const verified = (await verifySerial(serial_number)).json()
    expect(verified).toMatchObject({
      verification_status: 'revoked',
      is_valid: false,
      revocation_reason: 'Issued to the wrong participant.',
    })
    expect(verified.revoked_at).toEqual(expect.any(String))
  })

  it('refuses a second revocation with 409, a blank reason with 400 and clients with 403', async () => {
    const { serial_number } = await issued()
    expect((await revoke(serial_number, '   ')).json().detail).toBe(certificateMessages.reasonRequired)
    expect((await revoke(serial_number, 'Fraud', client.headers)).statusCode).toBe(403)
    expect((await revoke(serial_number, 'Fraud')).statusCode).toBe(200)
    const again = await revoke(serial_number, 'Fraud')
    expect(again.statusCode).toBe(409)
    expect(again.json().detail).toBe(certificateMessages.alreadyRevoked)
    expect((await revoke('CYP-2026-TRNG-ZZZZZZ', 'Fraud')).statusCode).toBe(404)
  })
})

describe('signature', () => {
  it('verifies with the published public key over the documented text', async () => {
    const certificate = await issued()
    const key = (await app.inject({ url: '/api/public/certificates/signing-key/' })).json()
    expect(key.key_id).toBe(certificate.signature.key_id)
    const ok = verify(
      null,
      Buffer.from(signedDocument(certificate)),
      createPublicKey(key.public_key_pem),
      Buffer.from(certificate.signature.value, 'base64'),
    )
    expect(ok).toBe(true)
  })

  it('detects a certificate changed in the database after it was signed', async () => {
    const { serial_number } = await issued()
    await app.db
      .update(certificates)
      .set({ grade: 'A+', recipientName: 'Someone Else' })
      .where(eq(certificates.serialNumber, serial_number))
    expect((await verifySerial(serial_number)).json()).toMatchObject({
      recipient_name: 'Someone Else',
      verification_status: 'valid',
      is_valid: false,
      signature: { verified: false },
    })
  })
})

describe('GET /api/certificates/ (staff only)', () => {
  it('lists certificates newest first with search and the revoked filter', async () => {
    const mine = await issued({ recipient_name: 'Searchable Sami' })
    const list = await app.inject({ url: '/api/certificates/?search=searchable', headers: staff.headers })
    expect(list.statusCode).toBe(200)
    expect(list.json()).toMatchObject({ count: 1, results: [{ serial_number: mine.serial_number }] })
    const revoked = await app.inject({ url: '/api/certificates/?status=revoked', headers: staff.headers })
    expect(revoked.json().results.every((c: Certificate) => c.verification_status === 'revoked')).toBe(true)
    expect((await app.inject({ url: '/api/certificates/', headers: client.headers })).statusCode).toBe(403)
  })
})
