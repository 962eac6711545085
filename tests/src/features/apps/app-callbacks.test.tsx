import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { callbackTexts } from '../../../../src/contract/app-callbacks'
import { ManageAppPage } from '../../../../src/features/apps/components/manage-app-page'
import { stubClipboard } from '../../helpers/clipboard'
import { json, stubApi } from '../../helpers/http'
import { appDetails } from '../../helpers/portal-fixtures'
import { renderWithRouter } from '../../helpers/render'
import { signedIn } from '../../helpers/session'

const { serve } = stubApi()
const copied = stubClipboard()
beforeEach(() => {
  signedIn()
})

const render = (tab: 'overview' | 'settings') =>
  renderWithRouter(() => <ManageAppPage appId={1} tab={tab} onTabChange={() => {}} />, {
    path: '/manage-msg/1',
  })

const delivery = {
  id: 5,
  message_id: 90,
  event: 'message.delivered',
  status: 'pending',
  attempts: 2,
  response_status: 500,
  last_error: 'HTTP 500',
  created_at: '2026-11-30T10:00:00Z',
  last_attempt_at: '2026-11-30T10:00:31Z',
  next_attempt_at: '2026-11-30T10:01:31Z',
}
const deliveries = { count: 1, next: null, previous: null, results: [delivery] }

describe('the app page for developers', { timeout: 20_000 }, () => {
  it('shows a quick start with the base URL and a copyable call with the test key', async () => {
    serve({ '/api/client/apps/1/': appDetails() })
    await render('overview')
    const quickStart = await screen.findByTestId('quick-start')
    const test = appDetails().test_api_key as string
    expect(within(quickStart).getByTestId('api-base-url')).toHaveTextContent(
      `${window.location.origin}/api/v1`,
    )
    expect(within(quickStart).getByTestId('quick-start-example')).toHaveTextContent(`X-API-Key: ${test}`)
    await userEvent.click(within(quickStart).getByRole('button', { name: 'Copy the curl example' }))
    expect(copied.at(-1)).toContain(`curl -X POST ${window.location.origin}/api/v1/messages`)
    await userEvent.click(within(quickStart).getByRole('radio', { name: 'JavaScript' }))
    expect(within(quickStart).getByTestId('quick-start-example')).toHaveTextContent(`'X-API-Key': '${test}'`)
    expect(within(quickStart).getByRole('link', { name: /API reference/ })).toHaveAttribute(
      'href',
      `${window.location.origin}/api/docs#/messaging`,
    )
  })

  it('saves a callback URL, shows the signing secret once, keeps what was typed on a refusal and resends', async () => {
    const writes = serve(
      { '/api/client/apps/1/': appDetails(), '/api/client/apps/1/deliveries/': deliveries },
      (call) => {
        if (call.path.endsWith('/callback/')) {
          const url = (call.body as { callback_url: string }).callback_url
          return url.startsWith('https://')
            ? json(200, { callback_url: url, webhook_secret: 'whsec_c2VjcmV0' })
            : json(400, {
                detail: 'The callback URL must use https.',
                callback_url: ['The callback URL must use https.'],
              })
        }
        return json(200, { ...delivery, status: 'pending', next_attempt_at: '2026-11-30T10:02:00Z' })
      },
    )
    await render('settings')
    const user = userEvent.setup()
    const field = await screen.findByLabelText('Callback URL')
    await user.type(field, 'http://example.com/in')
    await user.click(screen.getByRole('button', { name: 'Save callback URL' }))
    expect(await screen.findByText('The callback URL must use https.')).toBeInTheDocument()
    expect(field).toHaveValue('http://example.com/in')
    await user.clear(field)
    await user.type(field, 'https://example.com/in')
    await user.click(screen.getByRole('button', { name: 'Save callback URL' }))
    const secret = await screen.findByTestId('webhook-secret')
    expect(secret).toHaveTextContent('whsec_c2VjcmV0')
    expect(secret).toHaveTextContent(callbackTexts.secretOnce)
    await user.click(within(secret).getByRole('button', { name: 'I have copied it' }))
    expect(screen.queryByTestId('webhook-secret')).not.toBeInTheDocument()
    const row = await screen.findByTestId('callback-delivery')
    expect(row).toHaveTextContent('message.delivered')
    expect(within(row).getByTestId('delivery-response')).toHaveTextContent('500')
    await user.click(within(row).getByRole('button', { name: /^Resend/ }))
    expect(await screen.findByText(callbackTexts.resent)).toBeInTheDocument()
    expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([
      'PUT /api/client/apps/1/callback/',
      'PUT /api/client/apps/1/callback/',
      'POST /api/client/apps/1/deliveries/5/resend/',
    ])
  })
})
