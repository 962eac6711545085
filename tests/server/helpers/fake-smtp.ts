import net from 'node:net'

/** One message as the fake server received it. */
export interface ReceivedMail {
  auth: { user: string; password: string } | null
  from: string
  to: string[]
  /** The DATA section with dot-stuffing undone: headers, blank line, body. */
  data: string
}

/**
 * A small SMTP server (RFC 5321) for testing the SMTP mailer: EHLO with AUTH PLAIN (RFC 4954), MAIL FROM,
 * RCPT TO, DATA ending in <CRLF>.<CRLF>, QUIT. Commands out of order answer 503, as a real server does;
 * `refuseRecipients` answers 550 to every RCPT TO.
 */
export async function startFakeSmtp(options: { refuseRecipients?: boolean } = {}) {
  const received: ReceivedMail[] = []
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8')
    let buffer = ''
    let auth: ReceivedMail['auth'] = null
    let mail: { from: string; to: string[] } | null = null
    let inData = false
    const reply = (line: string) => socket.write(`${line}\r\n`)
    reply('220 fake-smtp ESMTP ready')
    socket.on('data', (chunk: string) => {
      buffer += chunk
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n')
          if (end === -1) return
          const data = buffer.slice(0, end).replace(/^\.\./gm, '.')
          buffer = buffer.slice(end + 5)
          inData = false
          if (mail) received.push({ auth, ...mail, data })
          mail = null
          reply('250 2.0.0 queued')
          continue
        }
        const end = buffer.indexOf('\r\n')
        if (end === -1) return
        const line = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const [verb = ''] = line.split(' ')
        switch (verb.toUpperCase()) {
          case 'EHLO':
            reply('250-fake-smtp')
            reply('250 AUTH PLAIN')
            break
          case 'AUTH': {
            const [, mechanism, payload = ''] = line.split(' ')
            const [, user = '', password = ''] = Buffer.from(payload, 'base64')
              .toString('utf8')
              .split('\u0000')
            if (mechanism !== 'PLAIN') reply('504 5.5.4 unrecognised authentication type')
            else {
              auth = { user, password }
              reply('235 2.7.0 authentication successful')
            }
            break
          }
          case 'MAIL':
            mail = { from: /<([^>]*)>/.exec(line)?.[1] ?? '', to: [] }
            reply('250 2.1.0 ok')
            break
          case 'RCPT':
            if (!mail) reply('503 5.5.1 MAIL first')
            else if (options.refuseRecipients) reply('550 5.1.1 mailbox unavailable')
            else {
              mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '')
              reply('250 2.1.5 ok')
            }
            break
          case 'DATA':
            if (!mail || mail.to.length === 0) reply('503 5.5.1 RCPT first')
            else {
              inData = true
              reply('354 end data with <CR><LF>.<CR><LF>')
            }
            break
          case 'RSET':
            mail = null
            reply('250 2.0.0 ok')
            break
          case 'QUIT':
            reply('221 2.0.0 bye')
            socket.end()
            return
          default:
            reply('502 5.5.2 command not recognised')
        }
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
