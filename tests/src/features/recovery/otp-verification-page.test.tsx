import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { recoveryMessages } from '../../../../src/contract/recovery'
import { OtpVerificationPage } from '../../../../src/features/recovery/components/otp-verification-page'
import type { OtpState } from '../../../../src/features/recovery/recovery-state'
import { json, stubFetch } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'

const SLOW_UI = 20_000
const fetchMock = stubFetch()

const delivery = {
  email: { sandbox: true },
  sms: { sandbox: true },
  outbox_url: 'http://127.0.0.1:8080/sandbox/outbox',
}

/** Serves the delivery call and answers each code check with the next of `checks`. */
function serve(
  checks: Response[] = [],
  resend: Response = json(200, { detail: 'sent', expires_in: 300, resend_after: 60 }),
) {
  const sent: Array<{ path: string; body: unknown }> = []
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname
    const body = init?.body ? JSON.parse(String(init.body)) : null
    sent.push({ path, body })
    if (path === '/api/public/recovery/delivery/') return json(200, delivery)
    if (path === '/api/public/recovery/verify-code/')
      return checks.shift() ?? json(500, { detail: 'unexpected' })
    if (path === '/api/public/recovery/request-code/') return resend
    return json(404, { detail: 'Not found.' })
  })
  return sent
}

const state = (secondsAgo: number): OtpState => ({
  context: 'forgot-password',
  email: 'rana@example.com',
  method: 'email',
  sentAt: Date.now() - secondsAgo * 1000,
})

const renderPage = (otp: OtpState) =>
  renderWithRouter(() => <OtpVerificationPage state={otp} />, { path: '/otp-verification' })

async function typeCode(code: string) {
  await userEvent.click(screen.getByLabelText('Digit 1 of 6'))
  await userEvent.keyboard(code)
}

const verifyButton = () => screen.getByRole('button', { name: 'Verify Code' })

describe('OtpVerificationPage', { timeout: SLOW_UI }, () => {
  it('shows the Demo Mode notice with the outbox link, the countdown and the attempts', async () => {
    serve()
    await renderPage(state(0))
    expect(await screen.findByText('Demo Mode')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Open the sandbox outbox' })).toHaveAttribute(
      'href',
      delivery.outbox_url,
    )
    expect(screen.getByText(/^Code expires in (5:00|4:59)$/)).toBeInTheDocument()
    expect(screen.getByText('Attempts: 0/3')).toBeInTheDocument()
  })

  it('hides the Demo Mode notice when the code really went out', async () => {
    fetchMock.mockImplementation(async () =>
      json(200, { email: { sandbox: false }, sms: { sandbox: false }, outbox_url: null }),
    )
    await renderPage(state(0))
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    expect(screen.queryByText('Demo Mode')).not.toBeInTheDocument()
  })

  it('asks for all six digits before checking', async () => {
    const sent = serve()
    await renderPage(state(0))
    await typeCode('123')
    await userEvent.click(verifyButton())
    expect(await screen.findByText(recoveryMessages.completeCode)).toBeInTheDocument()
    expect(sent.some((r) => r.path.endsWith('/verify-code/'))).toBe(false)
  })

  it('counts failed attempts with the server message and locks after the third', async () => {
    serve([
      json(400, { detail: 'Invalid code. 2 attempt(s) remaining.' }),
      json(400, { detail: 'Invalid code. 1 attempt(s) remaining.' }),
      json(429, { detail: recoveryMessages.maxAttempts }),
    ])
    await renderPage(state(0))
    await typeCode('111111')
    await userEvent.click(verifyButton())
    expect(await screen.findByText('Invalid code. 2 attempt(s) remaining.')).toBeInTheDocument()
    expect(screen.getByText('Attempts: 1/3')).toBeInTheDocument()
    await typeCode('222222')
    await userEvent.click(verifyButton())
    expect(await screen.findByText('Invalid code. 1 attempt(s) remaining.')).toBeInTheDocument()
    await typeCode('333333')
    await userEvent.click(verifyButton())
    expect(await screen.findByText(recoveryMessages.maxAttempts)).toBeInTheDocument()
    expect(screen.getByText('Attempts: 3/3')).toBeInTheDocument()
    expect(screen.getByLabelText('Digit 1 of 6')).toBeDisabled()
    expect(verifyButton()).toBeDisabled()
  })

  it('says the check failed when the server cannot be reached', async () => {
    serve()
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('verify-code')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : json(200, delivery),
    )
    await renderPage(state(0))
    await typeCode('123456')
    await userEvent.click(verifyButton())
    expect(await screen.findByText(recoveryMessages.verificationFailed)).toBeInTheDocument()
  })

  it('offers resend only after 60 seconds', async () => {
    serve()
    await renderPage(state(30))
    expect(screen.getByRole('button', { name: /^Resend in 0:(30|29)$/ })).toBeDisabled()
  })

  it('resend restarts the countdown at 5:00 and the attempts at 0', async () => {
    const sent = serve([json(400, { detail: 'Invalid code. 2 attempt(s) remaining.' })])
    await renderPage(state(100))
    expect(screen.getByText(/^Code expires in 3:(20|19)$/)).toBeInTheDocument()
    await typeCode('111111')
    await userEvent.click(verifyButton())
    expect(await screen.findByText('Attempts: 1/3')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Resend Code' }))
    expect(await screen.findByText(recoveryMessages.codeResent)).toBeInTheDocument()
    expect(screen.getByText(/^Code expires in (5:00|4:59)$/)).toBeInTheDocument()
    expect(screen.getByText('Attempts: 0/3')).toBeInTheDocument()
    expect(sent.find((r) => r.path.endsWith('/request-code/'))?.body).toEqual({
      email: 'rana@example.com',
      method: 'email',
    })
  })

  it('keeps the server reason when a resend is refused, else the spec text', async () => {
    serve([], json(429, { detail: 'Please wait 12 seconds before requesting a new code.' }))
    await renderPage(state(100))
    await userEvent.click(screen.getByRole('button', { name: 'Resend Code' }))
    expect(
      await screen.findByText('Please wait 12 seconds before requesting a new code.'),
    ).toBeInTheDocument()
  })

  it('disables the boxes and the check once the 300 seconds are over', async () => {
    serve()
    await renderPage(state(301))
    expect(screen.getByText('The code has expired.')).toBeInTheDocument()
    expect(screen.getByLabelText('Digit 1 of 6')).toBeDisabled()
    expect(verifyButton()).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Resend Code' })).toBeEnabled()
  })

  it('goes to /reset-password after a right code', async () => {
    const sent = serve([json(200, { reset_token: 'token-1', expires_in: 600 })])
    const { router } = await renderPage(state(0))
    await typeCode('654321')
    await userEvent.click(verifyButton())
    await screen.findByTestId('navigated')
    expect(router.state.location.pathname).toBe('/reset-password')
    expect(router.state.location.state.reset).toEqual({
      email: 'rana@example.com',
      verified: true,
      resetToken: 'token-1',
    })
    expect(sent.find((r) => r.path.endsWith('/verify-code/'))?.body).toEqual({
      email: 'rana@example.com',
      code: '654321',
    })
  })
})
