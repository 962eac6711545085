import path from 'node:path'
import { desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { inquiryMessages } from '../../src/contract/inquiries'
import { site } from '../../src/contract/site'
import { contactMessages, franchiseApplications, mailOutbox, projectInquiries } from '../../server/db/schema'
import { nextAddress } from './helpers/auth'
import { multipart, samples, storedUploads, type UploadPart } from './helpers/multipart'
import { openTestApp } from './helpers/test-app'

const app = await openTestApp()

const REQUIRED = 'This field is required.'

async function outboxFor(to: string) {
  return app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id))
}

describe('POST /api/public/contact/', () => {
  const valid = {
    name: 'Laila Hassan',
    email: 'laila@example.com',
    phone: '+20 100 000 0000',
    company: 'Hassan Trading',
    subject: '',
    message: 'We need a booking system for our clinics.',
    inquiry_type: 'general',
  }
  const send = (payload: unknown, remoteAddress = nextAddress()) =>
    app.inject({ method: 'POST', url: '/api/public/contact/', payload: payload as object, remoteAddress })

  it('stores the message, answers with the spec text and confirms it by e-mail', async () => {
    const response = await send(valid)
    expect(response.statusCode).toBe(201)
    const body = response.json()
    expect(body).toEqual({ success: true, message: inquiryMessages.contactSent, id: expect.any(Number) })
    const [row] = await app.db.select().from(contactMessages).where(eq(contactMessages.id, body.id))
    expect(row).toMatchObject({
      name: 'Laila Hassan',
      email: 'laila@example.com',
      company: 'Hassan Trading',
      subject: 'General Inquiry',
      inquiryType: 'general',
      message: valid.message,
    })
    const [confirmation] = await outboxFor('laila@example.com')
    expect(confirmation).toMatchObject({ template: 'contact-confirmation', status: 'sandboxed' })
    expect(confirmation?.text).toContain('within 24 hours')
    const notices = await outboxFor(site.salesEmail)
    expect(notices.some((m) => m.subject === `Contact message #${body.id}: General Inquiry`)).toBe(true)
  })

  it('copies the visitor with our own words only, and the staff copy replies to the visitor', async () => {
    const payload = {
      ...valid,
      name: 'Win a prize at evil.example',
      email: 'victim@example.com',
      subject: 'Urgent: verify your bank',
      message: 'Click https://evil.example/login now',
    }
    const response = await send(payload)
    expect(response.statusCode).toBe(201)
    const [copy] = await outboxFor('victim@example.com')
    for (const typed of [payload.name, payload.subject, payload.message, 'evil.example']) {
      expect(`${copy?.subject}\n${copy?.text}\n${copy?.html}`).not.toContain(typed)
    }
    const notice = (await outboxFor(site.salesEmail)).find((m) =>
      m.subject.startsWith(`Contact message #${response.json().id}:`),
    )
    expect(notice?.replyTo).toBe('victim@example.com')
    expect(notice?.text).toContain(payload.message)
  })

  it('lower-cases the inquiry type label, turns the first space into _ and defaults the subject from it', async () => {
    const response = await send({ ...valid, email: 'q@example.com', inquiry_type: 'Quote' })
    expect(response.statusCode).toBe(201)
    const [row] = await app.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, response.json().id))
    expect(row).toMatchObject({ inquiryType: 'quote', subject: 'Quote Inquiry' })
    const [confirmation] = await outboxFor('q@example.com')
    expect(confirmation?.text).toContain('within 48 hours')
  })

  it('keeps a subject the visitor typed and defaults a missing type to general', async () => {
    const { inquiry_type: _omitted, ...rest } = valid
    const response = await send({ ...rest, subject: 'Partnership idea' })
    const [row] = await app.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, response.json().id))
    expect(row).toMatchObject({ inquiryType: 'general', subject: 'Partnership idea' })
  })

  it('stores omitted optional fields as empty', async () => {
    const response = await send({ name: 'Sam', email: 'sam@example.com', message: 'Hi' })
    expect(response.statusCode).toBe(201)
    const [row] = await app.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, response.json().id))
    expect(row).toMatchObject({ phone: null, company: null, subject: 'General Inquiry' })
  })

  it.each(['name', 'email', 'message'])('requires %s with the spec message', async (field) => {
    const response = await send({ ...valid, [field]: '   ' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: inquiryMessages.requiredFields, [field]: [REQUIRED] })
  })

  it('reports every missing required field at once', async () => {
    const response = await send({})
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      detail: inquiryMessages.requiredFields,
      name: [REQUIRED],
      email: [REQUIRED],
      message: [REQUIRED],
    })
  })

  it.each(['laila@example', 'laila example@x.com', 'laila.example.com'])(
    'rejects the e-mail %j with the spec message',
    async (email) => {
      const response = await send({ ...valid, email })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        detail: inquiryMessages.invalidEmail,
        email: [inquiryMessages.invalidEmail],
      })
    },
  )

  it('rejects an unknown inquiry type', async () => {
    const response = await send({ ...valid, inquiry_type: 'Complaint' })
    expect(response.statusCode).toBe(400)
    expect(response.json().inquiry_type).toEqual([inquiryMessages.invalidChoice])
  })

  it('rejects a message over the length limit and a wrong field type with 400', async () => {
    const long = await send({ ...valid, message: 'x'.repeat(5001) })
    expect(long.statusCode).toBe(400)
    expect(long.json().message).toEqual(['Ensure this field has no more than 5000 characters.'])
    const wrongType = await send({ ...valid, name: 42 })
    expect(wrongType.statusCode).toBe(400)
    expect(wrongType.json().name).toBeDefined()
  })

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/public/contact/',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
      remoteAddress: nextAddress(),
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toBe('Malformed JSON body.')
  })

  it('limits one address to 10 messages per 10 minutes', async () => {
    const address = nextAddress()
    for (let i = 0; i < 10; i++) {
      expect((await send({ ...valid, email: `rate${i}@example.com` }, address)).statusCode).toBe(201)
    }
    const limited = await send(valid, address)
    expect(limited.statusCode).toBe(429)
    expect(limited.json().detail).toMatch(/^Request was throttled/)
  })
})

describe('POST /api/public/project-inquiry/', () => {
  const required = {
    project_name: 'Clinic Booking',
    contact_name: 'Omar Adel',
    contact_email: 'omar@example.com',
    description: 'Patients book and pay for appointments online.',
  }
  const submit = (fields: Record<string, string>, files: Record<string, UploadPart> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/public/project-inquiry/',
      remoteAddress: nextAddress(),
      ...multipart(fields, files),
    })

  it('stores a full brief with its requirements file and features, and confirms it', async () => {
    const response = await submit(
      {
        ...required,
        contact_phone: '+20 111 222 3333',
        company: 'Adel Clinics',
        project_type: 'web',
        budget_range: '10k-25k',
        preferred_deadline: '2027-03-01',
        features: JSON.stringify(['User Authentication', 'Payment Integration', 'User Authentication']),
      },
      { requirements_file: { filename: 'brief.pdf', content: samples.pdf() } },
    )
    expect(response.statusCode).toBe(201)
    const body = response.json()
    expect(body).toEqual({ success: true, message: inquiryMessages.projectSubmitted, id: expect.any(Number) })
    const [row] = await app.db.select().from(projectInquiries).where(eq(projectInquiries.id, body.id))
    expect(row).toMatchObject({
      projectName: 'Clinic Booking',
      contactName: 'Omar Adel',
      contactEmail: 'omar@example.com',
      contactPhone: '+20 111 222 3333',
      company: 'Adel Clinics',
      projectType: 'web',
      budgetRange: '10k-25k',
      preferredDeadline: '2027-03-01',
      features: ['User Authentication', 'Payment Integration'],
      requirementsFileName: 'brief.pdf',
    })
    expect(row?.requirementsFileKey).toMatch(/^requirements\/[0-9a-f-]{36}\.pdf$/)
    expect(await storedUploads(app, 'requirements')).toContain(path.basename(row?.requirementsFileKey ?? ''))
    const [confirmation] = await outboxFor('omar@example.com')
    expect(confirmation).toMatchObject({ template: 'project-inquiry-confirmation' })
    expect(confirmation?.text).toContain('Features: User Authentication, Payment Integration')
  })

  it('accepts only the four required fields; omitted optional fields are stored empty', async () => {
    const response = await submit(required)
    expect(response.statusCode).toBe(201)
    const [row] = await app.db
      .select()
      .from(projectInquiries)
      .where(eq(projectInquiries.id, response.json().id))
    expect(row).toMatchObject({
      contactPhone: null,
      company: null,
      projectType: null,
      budgetRange: null,
      preferredDeadline: null,
      features: [],
      requirementsFileKey: null,
    })
  })

  it.each(['txt', 'doc', 'docx'] as const)('accepts a .%s requirements file', async (kind) => {
    const response = await submit(required, {
      requirements_file: { filename: `brief.${kind}`, content: samples[kind]() },
    })
    expect(response.statusCode).toBe(201)
  })

  it.each(['project_name', 'contact_name', 'contact_email', 'description'])(
    'requires %s with the spec message',
    async (field) => {
      const response = await submit({ ...required, [field]: ' ' })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ detail: inquiryMessages.requiredFields, [field]: [REQUIRED] })
    },
  )

  it('rejects a bad contact e-mail with the spec message', async () => {
    const response = await submit({ ...required, contact_email: 'omar@' })
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toBe(inquiryMessages.invalidEmail)
  })

  it('rejects a requirements file of the wrong type with 415 and stores nothing', async () => {
    const before = await storedUploads(app, 'requirements')
    const png = await submit(required, {
      requirements_file: { filename: 'brief.png', content: samples.png() },
    })
    expect(png.statusCode).toBe(415)
    expect(png.json().detail).toBe(inquiryMessages.requirementsBadType)
    const disguised = await submit(required, {
      requirements_file: { filename: 'brief.pdf', content: samples.fakePdf() },
    })
    expect(disguised.statusCode).toBe(415)
    expect(await storedUploads(app, 'requirements')).toEqual(before)
  })

  it('rejects a requirements file over 10 MB with 413 and stores nothing', async () => {
    const before = await storedUploads(app, 'requirements')
    const response = await submit(required, {
      requirements_file: { filename: 'brief.pdf', content: samples.bigPdf(10 * 1024 * 1024 + 1) },
    })
    expect(response.statusCode).toBe(413)
    expect(response.json().detail).toBe(inquiryMessages.requirementsTooLarge)
    expect(await storedUploads(app, 'requirements')).toEqual(before)
  })

  it('removes the uploaded file again when the fields are invalid', async () => {
    const before = await storedUploads(app, 'requirements')
    const response = await submit(
      { ...required, contact_name: '' },
      { requirements_file: { filename: 'brief.pdf', content: samples.pdf() } },
    )
    expect(response.statusCode).toBe(400)
    expect(await storedUploads(app, 'requirements')).toEqual(before)
  })

  it.each([
    ['features', 'not json', 'Expected a JSON list of features.'],
    ['features', '{"a":1}', 'Expected a JSON list of features.'],
    ['features', '["Blockchain"]', '"Blockchain" is not a valid choice.'],
    ['project_type', 'game', inquiryMessages.invalidChoice],
    ['budget_range', '1m+', inquiryMessages.invalidChoice],
    ['preferred_deadline', '2027-02-30', 'Enter a valid date (YYYY-MM-DD).'],
  ])('rejects %s = %j with a field error', async (field, value, message) => {
    const response = await submit({ ...required, [field]: value })
    expect(response.statusCode).toBe(400)
    expect(response.json()[field]).toContain(message)
  })

  it('answers a JSON body with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/public/project-inquiry/',
      payload: required,
      remoteAddress: nextAddress(),
    })
    expect(response.statusCode).toBe(415)
  })
})

describe('POST /api/public/franchise-applications/', () => {
  const required = {
    full_name: 'Hana Saleh',
    email: 'hana@example.com',
    phone: '+971 50 000 0000',
    country: 'United Arab Emirates',
  }
  const apply = (payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/public/franchise-applications/',
      payload,
      remoteAddress: nextAddress(),
    })

  it('stores a full application, answers with it and confirms it', async () => {
    const response = await apply({
      ...required,
      city: 'Abu Dhabi',
      business_experience: '5-10',
      investment_capacity: '100k-250k',
      current_business: 'IT reseller',
      why_franchise: 'Local demand for secure software.',
      timeline: '3-months',
      additional_info: 'Office space ready.',
    })
    expect(response.statusCode).toBe(201)
    const body = response.json()
    expect(body).toMatchObject({
      success: true,
      message: inquiryMessages.franchiseSubmitted,
      application: {
        ...required,
        city: 'Abu Dhabi',
        business_experience: '5-10',
        investment_capacity: '100k-250k',
        timeline: '3-months',
        status: 'new',
      },
    })
    const [row] = await app.db
      .select()
      .from(franchiseApplications)
      .where(eq(franchiseApplications.id, body.application.id))
    expect(row).toMatchObject({ fullName: 'Hana Saleh', currentBusiness: 'IT reseller' })
    const [confirmation] = await outboxFor('hana@example.com')
    expect(confirmation).toMatchObject({ template: 'franchise-confirmation' })
    expect(confirmation?.text).toContain('Investment capacity: $100,000 - $250,000')
  })

  it('stores omitted and empty optional fields as null', async () => {
    const response = await apply({ ...required, city: '', timeline: '' })
    expect(response.statusCode).toBe(201)
    expect(response.json().application).toMatchObject({
      city: null,
      business_experience: null,
      timeline: null,
      additional_info: null,
    })
  })

  it.each(['full_name', 'email', 'phone', 'country'])('requires %s with the spec message', async (field) => {
    const response = await apply({ ...required, [field]: '' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ detail: inquiryMessages.requiredFields, [field]: [REQUIRED] })
  })

  it('rejects a bad e-mail with the spec message', async () => {
    const response = await apply({ ...required, email: 'hana@example' })
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toBe(inquiryMessages.invalidEmail)
  })

  it.each([
    ['business_experience', '2-4'],
    ['investment_capacity', 'a lot'],
    ['timeline', 'tomorrow'],
  ])('rejects %s = %j', async (field, value) => {
    const response = await apply({ ...required, [field]: value })
    expect(response.statusCode).toBe(400)
    expect(response.json()[field]).toBeDefined()
  })
})
