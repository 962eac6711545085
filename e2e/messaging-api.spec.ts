import { once } from 'node:events'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { Webhook } from 'standardwebhooks'
import { DEMO, openFormPage } from './fixtures'
import { basePort, startApiServer } from './own-server'

// Its own server in development mode: callbacks may go to a plain-http receiver on this machine.
let api: Awaited<ReturnType<typeof startApiServer>>
let receiver: Server
let receiverUrl = ''
const received: { headers: IncomingHttpHeaders; body: string }[] = []

test.beforeAll(async () => {
  test.setTimeout(240_000)
  api = await startApiServer(basePort + 6, { NODE_ENV: 'development' })
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
      response.writeHead(204).end()
    })
  })
  receiver.listen(0, '127.0.0.1')
  await once(receiver, 'listening')
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/messages`
})
test.afterAll(async () => {
  receiver?.closeAllConnections()
  receiver?.close()
  await api?.stop()
})

test('a developer sets a callback URL, sends with the test key from the quick start and sees the delivery', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000)
  await openFormPage(page, `${api.url}/login`)
  await page.getByLabel('Email').fill(DEMO.email)
  await page.getByLabel(/^Password/).fill(DEMO.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.getByRole('tab', { name: 'My Apps' }).click()
  await page.getByRole('link', { name: 'Manage Atlas Order Alerts' }).click()
  await expect(page.getByRole('heading', { name: 'Atlas Order Alerts' })).toBeVisible()

  // Settings: the callback URL; the signing secret is shown once.
  await page.getByRole('tab', { name: 'Settings' }).click()
  await page.getByLabel('Callback URL').fill(receiverUrl)
  await page.getByRole('button', { name: 'Save callback URL' }).click()
  const secretBox = page.getByTestId('webhook-secret')
  await expect(secretBox).toContainText('whsec_')
  const secret = ((await secretBox.getByTestId('webhook-secret-value').textContent()) ?? '').trim()
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/)
  await secretBox.getByRole('button', { name: 'I have copied it' }).click()
  await expect(page.getByText('No callbacks sent yet.')).toBeVisible()

  // The quick start: base URL and the curl example with the test key, run as a developer would.
  await page.getByRole('tab', { name: 'Overview' }).click()
  const quickStart = page.getByTestId('quick-start')
  await expect(quickStart.getByTestId('api-base-url')).toHaveText(`${api.url}/api/v1`)
  const example = (await quickStart.getByTestId('quick-start-example').textContent()) ?? ''
  const testKey = /cyk_test_[0-9a-f]{48}/.exec(example)?.[0] ?? ''
  expect(testKey).not.toBe('')
  await expect(quickStart.getByRole('link', { name: /API reference/ })).toHaveAttribute(
    'href',
    `${api.url}/api/docs#/messaging`,
  )
  const sent = await request.post(`${api.url}/api/v1/messages`, {
    headers: { 'X-API-Key': testKey, 'Idempotency-Key': 'e2e-quick-start-1' },
    data: { channel: 'sms', to: '+13125550199', body: 'Hello from my app' },
  })
  expect(sent.status()).toBe(202)
  const message = await sent.json()
  expect(message).toMatchObject({ test: true, segments: 1, status: 'queued' })

  // The sandbox delivers it; the callback reaches the receiver, signed.
  await expect.poll(() => received.length, { timeout: 60_000 }).toBeGreaterThan(0)
  const callback = received[0] as (typeof received)[number]
  const payload = new Webhook(secret).verify(callback.body, {
    'webhook-id': String(callback.headers['webhook-id']),
    'webhook-timestamp': String(callback.headers['webhook-timestamp']),
    'webhook-signature': String(callback.headers['webhook-signature']),
  })
  expect(payload).toMatchObject({ type: 'message.delivered', data: { id: message.id, test: true } })

  // The deliveries list shows it with the receiver's answer, and Resend sends it again.
  await page.getByRole('tab', { name: 'Settings' }).click()
  const deliveries = page.getByTestId('callback-deliveries')
  await deliveries.getByRole('button', { name: 'Refresh deliveries' }).click()
  const row = deliveries.getByTestId('callback-delivery').first()
  await expect(row).toContainText('message.delivered')
  await expect(row.getByTestId('delivery-response')).toHaveText('204')
  await row.getByRole('button', { name: /^Resend/ }).click()
  await expect.poll(() => received.length, { timeout: 60_000 }).toBe(2)
  expect(received[1]?.headers['webhook-id']).toBe(callback.headers['webhook-id'])

  // Activity lists the message marked test.
  await page.getByRole('tab', { name: 'Activity' }).click()
  await page.getByRole('button', { name: 'Refresh', exact: true }).click()
  await expect(
    page.getByTestId('recent-messages').getByRole('row').filter({ hasText: 'test' }).first(),
  ).toBeVisible()
})
