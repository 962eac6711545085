import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { verifyEmailMessages, verifyEmailPaths, type Account } from '../../../../src/contract/auth'
import { EmailVerificationBanner } from '../../../../src/features/accounts/components/email-verification-banner'
import { json, stubApi } from '../../helpers/http'
import { renderWithProviders } from '../../helpers/render'
import { signedIn } from '../../helpers/session'

const { fetchMock, serve } = stubApi()
beforeEach(() => signedIn())

const account = (overrides: Partial<Account> = {}): Account => ({
  id: 41,
  first_name: 'Omar',
  last_name: 'Nabil',
  email: 'omar@example.com',
  company_name: '',
  phone: '',
  role: 'client',
  address: '',
  date_joined: '2026-11-20T09:00:00Z',
  newsletter: false,
  email_verified: false,
  ...overrides,
})

describe('EmailVerificationBanner', () => {
  it('tells a client whose address is not verified, and resends the link once asked', async () => {
    const writes = serve({ '/api/client/accounts/me/': account() }, () =>
      json(200, { detail: verifyEmailMessages.sent }),
    )
    renderWithProviders(<EmailVerificationBanner />)
    expect(await screen.findByText(verifyEmailMessages.notVerified)).toBeVisible()
    expect(screen.getByText(/omar@example\.com/)).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: verifyEmailMessages.resend }))
    expect(await screen.findByText(verifyEmailMessages.sent)).toBeVisible()
    expect(writes).toEqual([{ method: 'POST', path: verifyEmailPaths.resend, body: null }])
    // Sent: no second mail from the same banner.
    expect(screen.getByRole('button', { name: verifyEmailMessages.resend })).toBeDisabled()
  })

  it("shows the server's refusal when resending is throttled, and can be tried again", async () => {
    serve({ '/api/client/accounts/me/': account() }, () =>
      json(429, { detail: 'Too many requests. Please try again later.' }),
    )
    renderWithProviders(<EmailVerificationBanner />)
    await userEvent.click(await screen.findByRole('button', { name: verifyEmailMessages.resend }))
    expect(await screen.findByText(/try again later/i)).toBeVisible()
    expect(screen.getByRole('button', { name: verifyEmailMessages.resend })).toBeEnabled()
  })

  it('shows nothing for a verified address, or for staff', async () => {
    for (const shown of [account({ email_verified: true }), account({ role: 'staff' })]) {
      fetchMock.mockClear()
      serve({ '/api/client/accounts/me/': shown })
      const view = renderWithProviders(<EmailVerificationBanner />)
      await waitFor(() => expect(fetchMock).toHaveBeenCalled())
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(screen.queryByText(verifyEmailMessages.notVerified)).toBeNull()
      expect(screen.queryByRole('button', { name: verifyEmailMessages.resend })).toBeNull()
      view.unmount()
    }
  })
})
