import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { createMailer } from '../../server/adapters/mail'
import { SandboxMailer } from '../../server/adapters/mail/sandbox'
import { htmlFromText } from '../../server/adapters/mail/html'
import { SmtpMailer, withDisplayName } from '../../server/adapters/mail/smtp'
import { loadConfig } from '../../server/config'
import { mailOutbox } from '../../server/db/schema'
import { startFakeSmtp } from './helpers/fake-smtp'
import { openTestDatabase } from './helpers/test-app'

const database = await openTestDatabase()
afterAll(() => database.close())
const log = { error: vi.fn() } as unknown as FastifyBaseLogger
const FROM = 'Cypher <no-reply@cypher.example>'

async function outboxRow(to: string) {
  const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))
  return row
}

describe('createMailer', () => {
  it('picks SMTP when MAIL_URL is set and the sandbox otherwise', () => {
    const smtp = createMailer(loadConfig({ MAIL_URL: 'smtp://u:p@127.0.0.1:2525' }), database.db, log)
    expect(smtp).toBeInstanceOf(SmtpMailer)
    expect(smtp.sandbox).toBe(false)
    const sandbox = createMailer(loadConfig({}), database.db, log)
    expect(sandbox).toBeInstanceOf(SandboxMailer)
    expect(sandbox.sandbox).toBe(true)
  })
})

describe('SMTP mailer against a fake SMTP server', () => {
  it('authenticates, delivers the message and records it as sent', async () => {
    const server = await startFakeSmtp()
    try {
      const mailer = new SmtpMailer(database.db, `smtp://mailer:s3cret@127.0.0.1:${server.port}`, FROM, log)
      await mailer.send({
        to: 'lina@example.com',
        subject: 'We received your brief',
        text: 'Hello Lina,\n.\nThanks.',
        template: 'project-inquiry-confirmation',
      })
      expect(server.received).toHaveLength(1)
      const [mail] = server.received
      expect(mail?.auth).toEqual({ user: 'mailer', password: 's3cret' })
      expect(mail?.from).toBe('no-reply@cypher.example')
      expect(mail?.to).toEqual(['lina@example.com'])
      expect(mail?.data).toMatch(/^Subject: We received your brief$/m)
      // A line holding only a dot survives the transfer (dot-stuffing).
      expect(mail?.data).toContain('Hello Lina,\r\n.\r\nThanks.')
      expect(await outboxRow('lina@example.com')).toMatchObject({
        status: 'sent',
        template: 'project-inquiry-confirmation',
      })
    } finally {
      await server.close()
    }
  })

  it('records a refused delivery as failed and logs it without throwing', async () => {
    const server = await startFakeSmtp({ refuseRecipients: true })
    try {
      const mailer = new SmtpMailer(database.db, `smtp://mailer:s3cret@127.0.0.1:${server.port}`, FROM, log)
      await mailer.send({ to: 'gone@example.com', subject: 'Hi', text: 'Hi', template: 'test' })
      expect(server.received).toEqual([])
      const row = await outboxRow('gone@example.com')
      expect(row?.status).toBe('failed')
      expect(row?.error).toContain('550')
      expect(log.error).toHaveBeenCalled()
    } finally {
      await server.close()
    }
  })
})

describe('every message has a plain and an HTML part', () => {
  it('derives an escaped HTML part with clickable links when only text is written', () => {
    const html = htmlFromText('Hello <Lina> & co,\n\nSee https://cypher.example/billing.\nThanks.')
    expect(html).toContain('<p>Hello &#60;Lina&#62; &#38; co,</p>')
    expect(html).toContain('<a href="https://cypher.example/billing">https://cypher.example/billing</a>.<br>')
    expect(html).not.toContain('<Lina>')
  })

  it('records the derived HTML part in the sandbox outbox', async () => {
    await new SandboxMailer(database.db).send({
      to: 'parts@example.com',
      subject: 'Parts',
      text: 'One\n\nTwo',
      template: 'test',
      replyTo: 'visitor@example.com',
      headers: { 'List-Unsubscribe': '<https://cypher.example/u>' },
    })
    const row = await outboxRow('parts@example.com')
    expect(row?.html).toContain('<p>One</p>')
    expect(row?.replyTo).toBe('visitor@example.com')
    expect(row?.headers).toEqual({ 'List-Unsubscribe': '<https://cypher.example/u>' })
  })

  it('sends multipart/alternative with Reply-To, extra headers and another display name over SMTP', async () => {
    const server = await startFakeSmtp()
    try {
      const mailer = new SmtpMailer(database.db, `smtp://mailer:s3cret@127.0.0.1:${server.port}`, FROM, log)
      await mailer.send({
        to: 'multi@example.com',
        subject: 'Both parts',
        text: 'Plain body',
        template: 'test',
        replyTo: 'client@acme.example',
        fromName: 'Acme "Shop"',
        headers: { 'List-Unsubscribe': '<https://cypher.example/u>' },
      })
      const data = server.received[0]?.data ?? ''
      expect(data).toMatch(/^Content-Type: multipart\/alternative;/m)
      expect(data).toMatch(/^Content-Type: text\/plain/m)
      expect(data).toMatch(/^Content-Type: text\/html/m)
      expect(data).toMatch(/^Reply-To: client@acme\.example$/m)
      expect(data).toMatch(/^From: "Acme \\"Shop\\"" <no-reply@cypher\.example>$/m)
      expect(data).toMatch(/^List-Unsubscribe: <https:\/\/cypher\.example\/u>$/m)
      expect(server.received[0]?.from).toBe('no-reply@cypher.example')
    } finally {
      await server.close()
    }
  })
})

describe('withDisplayName', () => {
  it('keeps the configured address and replaces only the name', () => {
    expect(withDisplayName('Cypher <no-reply@cypher.example>', 'Acme')).toEqual({
      name: 'Acme',
      address: 'no-reply@cypher.example',
    })
    expect(withDisplayName('no-reply@cypher.example', 'A\r\nBcc: x')).toEqual({
      name: 'A  Bcc: x',
      address: 'no-reply@cypher.example',
    })
  })
})
