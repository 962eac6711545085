import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'

export const TWILIO = {
  accountSid: `AC${'1'.repeat(32)}`,
  authToken: 'fake-twilio-auth-token-0123456789',
  from: '+13125550100',
}

export interface ReceivedMessage {
  to: string
  from: string | null
  messagingServiceSid: string | null
  body: string
  statusCallback: string | null
}

/**
 * A local stand-in for Twilio's Messages API that checks each request as Twilio documents it:
 * POST /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP Basic auth (account SID : auth token),
 * form-encoded To (E.164), Body, and exactly one of From / MessagingServiceSid. It answers 201 with a
 * message resource, or Twilio's error object {code, message, more_info, status}.
 */
export class FakeTwilio {
  readonly received: ReceivedMessage[] = []
  /** The next request fails with this Twilio error instead of being accepted. */
  failNext: { status: number; code: number; message: string } | null = null
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
    if (!address || typeof address === 'string') throw new Error('fake Twilio did not start')
    this.url = `http://127.0.0.1:${address.port}`
    return this
  }

  async stop() {
    this.server.closeAllConnections()
    await new Promise((resolve) => this.server.close(resolve))
  }

  private error(status: number, code: number, message: string) {
    return {
      status,
      body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
    }
  }

  private async handle(request: IncomingMessage): Promise<{ status: number; body: object }> {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const path = `/2010-04-01/Accounts/${TWILIO.accountSid}/Messages.json`
    if (request.method !== 'POST' || request.url !== path)
      return this.error(404, 20404, 'The requested resource was not found')
    const expectedAuth = `Basic ${Buffer.from(`${TWILIO.accountSid}:${TWILIO.authToken}`).toString('base64')}`
    if (request.headers.authorization !== expectedAuth) return this.error(401, 20003, 'Authenticate')
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return this.error(400, 21620, 'Invalid content type')
    }
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
    const to = form.get('To') ?? ''
    const from = form.get('From')
    const service = form.get('MessagingServiceSid')
    if (!/^\+[1-9]\d{6,14}$/.test(to))
      return this.error(400, 21211, `The 'To' number ${to} is not a valid phone number.`)
    if (!from === !service)
      return this.error(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required")
    if (!form.get('Body')) return this.error(400, 21602, 'Message body is required.')
    if (this.failNext) {
      const failure = this.failNext
      this.failNext = null
      return this.error(failure.status, failure.code, failure.message)
    }
    this.received.push({
      to,
      from,
      messagingServiceSid: service,
      body: form.get('Body') ?? '',
      statusCallback: form.get('StatusCallback'),
    })
    const sid = `SM${randomBytes(16).toString('hex')}`
    return {
      status: 201,
      body: {
        sid,
        account_sid: TWILIO.accountSid,
        to,
        from,
        body: form.get('Body'),
        status: 'queued',
        error_code: null,
      },
    }
  }
}
