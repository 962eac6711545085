import { configure, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { RegisterPage } from '../../../../src/features/auth/components/register-page'
import { json, stubFetch } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'

const SLOW_UI = 30_000
configure({ asyncUtilTimeout: 10_000 })

const fetchMock = stubFetch()

describe('registration through a referral link', { timeout: SLOW_UI }, () => {
  it('shows the friend’s code and sends it as referral_code', async () => {
    const sent: unknown[] = []
    fetchMock.mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://localhost').pathname
      if (path === '/api/client/auth/register/') {
        sent.push(JSON.parse(String(init?.body)))
        return json(400, { email: ['A user with this email already exists.'] })
      }
      return json(404, { detail: 'Not found.' })
    })
    await renderWithRouter(() => <RegisterPage referralCode="DANA2026" />, { path: '/register' })
    expect(screen.getByTestId('referral-notice')).toHaveTextContent('DANA2026')
    await userEvent.type(screen.getByLabelText(/First name/), 'Sami')
    await userEvent.type(screen.getByLabelText(/Last name/), 'Haddad')
    await userEvent.type(screen.getByLabelText(/^Email/), 'sami@example.com')
    await userEvent.type(screen.getByLabelText(/^Password/), 'Quartz!Lantern42')
    await userEvent.type(screen.getByLabelText(/Confirm password/), 'Quartz!Lantern42')
    await userEvent.click(screen.getByRole('checkbox', { name: /I agree to the/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({ email: 'sami@example.com', referral_code: 'DANA2026' })
  })
})
