import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { passwordMessages } from '../../../../src/contract/password'
import { recoveryMessages } from '../../../../src/contract/recovery'
import { ForgotPasswordPage } from '../../../../src/features/recovery/components/forgot-password-page'
import { ResetPasswordPage } from '../../../../src/features/recovery/components/reset-password-page'
import { json, stubFetch } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'
import { spyOnToasts } from '../../helpers/toasts'

const SLOW_UI = 20_000
const fetchMock = stubFetch()
spyOnToasts()

const bodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body ?? 'null')))

describe('ForgotPasswordPage', { timeout: SLOW_UI }, () => {
  it('checks the address with the spec messages and keeps what was typed', async () => {
    await renderWithRouter(() => <ForgotPasswordPage />, { path: '/forgot-password' })
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText(recoveryMessages.enterEmail)).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText(/^Email/), 'rana@example')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText(recoveryMessages.invalidEmail)).toBeInTheDocument()
    expect(screen.getByLabelText(/^Email/)).toHaveValue('rana@example')
    expect(screen.getByRole('link', { name: 'Sign in here' })).toHaveAttribute('href', '/login')
  })

  it('sends the code by the chosen method, confirms, and carries the context to the code screen', async () => {
    fetchMock.mockResolvedValue(
      json(200, { detail: recoveryMessages.codeSent, expires_in: 300, resend_after: 60 }),
    )
    const { router } = await renderWithRouter(() => <ForgotPasswordPage />, { path: '/forgot-password' })
    await userEvent.type(screen.getByLabelText(/^Email/), 'Rana@Example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await userEvent.click(screen.getByText('SMS'))
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Code' }))
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument()
    expect(bodies()).toEqual([{ email: 'Rana@Example.com', method: 'sms' }])
    await userEvent.click(screen.getByRole('button', { name: 'Verify Code' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/otp-verification'))
    expect(router.state.location.state.otp).toMatchObject({
      context: 'forgot-password',
      email: 'rana@example.com',
      method: 'sms',
    })
  })

  it("says 'Failed to send reset code' when sending fails, and the server's reason for a refusal", async () => {
    fetchMock.mockResolvedValueOnce(json(500, { detail: 'Internal server error.' }))
    fetchMock.mockResolvedValueOnce(
      json(429, { detail: 'Please wait 41 seconds before requesting a new code.' }),
    )
    await renderWithRouter(() => <ForgotPasswordPage />, { path: '/forgot-password' })
    await userEvent.type(screen.getByLabelText(/^Email/), 'rana@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Code' }))
    expect(await screen.findByText(recoveryMessages.sendFailed)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Code' }))
    expect(
      await screen.findByText('Please wait 41 seconds before requesting a new code.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Send Reset Code' })).toBeInTheDocument()
  })
})

describe('ResetPasswordPage', { timeout: SLOW_UI }, () => {
  const state = { email: 'rana@example.com', verified: true as const, resetToken: 'token-1' }
  const renderPage = () =>
    renderWithRouter(() => <ResetPasswordPage state={state} />, { path: '/reset-password' })
  const newPassword = () => screen.getByLabelText(/^New password/)
  const confirmPassword = () => screen.getByLabelText(/^Confirm new password/)
  const submit = () => userEvent.click(screen.getByRole('button', { name: 'Reset Password' }))

  it('checks both fields, the match and the strength with the spec messages', async () => {
    await renderPage()
    await submit()
    expect(await screen.findAllByText(recoveryMessages.fillAllFields)).not.toHaveLength(0)
    await userEvent.type(newPassword(), 'N3w!Passw0rd')
    await userEvent.type(confirmPassword(), 'N3w!Passw0rX')
    await submit()
    expect(await screen.findAllByText(recoveryMessages.passwordsDoNotMatch)).not.toHaveLength(0)
    await userEvent.clear(newPassword())
    await userEvent.type(newPassword(), 'password')
    await userEvent.clear(confirmPassword())
    await userEvent.type(confirmPassword(), 'password')
    expect(screen.getByText('Medium')).toBeInTheDocument()
    expect(screen.getByRole('list', { name: 'Missing password criteria' })).toHaveTextContent(
      'One uppercase letter',
    )
    await submit()
    expect(await screen.findAllByText(recoveryMessages.strongerPassword)).not.toHaveLength(0)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('refuses a common password before sending it, and shows the server’s refusal on the field', async () => {
    await renderPage()
    await userEvent.type(newPassword(), 'Summer2024!')
    await userEvent.type(confirmPassword(), 'Summer2024!')
    await submit()
    expect(await screen.findAllByText(passwordMessages.tooEasy)).not.toHaveLength(0)
    expect(fetchMock).not.toHaveBeenCalled()

    fetchMock.mockResolvedValue(json(400, { detail: 'Invalid input.', password: ['Not this one.'] }))
    await userEvent.clear(newPassword())
    await userEvent.type(newPassword(), 'N3w!Passw0rd')
    await userEvent.clear(confirmPassword())
    await userEvent.type(confirmPassword(), 'N3w!Passw0rd')
    await submit()
    expect(await screen.findAllByText('Not this one.')).not.toHaveLength(0)
    expect(newPassword()).toHaveValue('N3w!Passw0rd')
  })

  it('shows and hides the password', async () => {
    await renderPage()
    await userEvent.type(newPassword(), 'N3w!Passw0rd')
    expect(newPassword()).toHaveAttribute('type', 'password')
    await userEvent.click(screen.getByRole('button', { name: 'Show or hide new password' }))
    expect(newPassword()).toHaveAttribute('type', 'text')
  })

  it('sets the password with the token and goes to /login after 1.5 s', async () => {
    fetchMock.mockResolvedValue(json(200, { detail: 'done' }))
    const { router } = await renderPage()
    await userEvent.type(newPassword(), 'N3w!Passw0rd')
    await userEvent.type(confirmPassword(), 'N3w!Passw0rd')
    await submit()
    expect(await screen.findAllByText(recoveryMessages.passwordReset)).not.toHaveLength(0)
    expect(bodies()).toEqual([
      { reset_token: 'token-1', password: 'N3w!Passw0rd', confirm_password: 'N3w!Passw0rd' },
    ])
    expect(router.state.location.pathname).toBe('/reset-password')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 4_000 })
  })

  it("says 'Failed to reset password' on a failure and keeps what was typed", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    await renderPage()
    await userEvent.type(newPassword(), 'N3w!Passw0rd')
    await userEvent.type(confirmPassword(), 'N3w!Passw0rd')
    await submit()
    expect(await screen.findByText(recoveryMessages.resetFailed)).toBeInTheDocument()
    expect(newPassword()).toHaveValue('N3w!Passw0rd')
  })

  it('offers a new code when the reset token is no longer valid', async () => {
    fetchMock.mockResolvedValue(json(400, { detail: recoveryMessages.resetTokenInvalid }))
    await renderPage()
    await userEvent.type(newPassword(), 'N3w!Passw0rd')
    await userEvent.type(confirmPassword(), 'N3w!Passw0rd')
    await submit()
    expect(await screen.findByRole('link', { name: 'Request a new code' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
  })
})
