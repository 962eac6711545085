import { MantineProvider } from '@mantine/core'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Account } from '../../../../src/contract/auth'
import { theme } from '../../../../src/app/theme'
import { ProfileCard } from '../../../../src/features/accounts/components/profile-card'
import { createTestQueryClient } from '../../helpers/render'

const cached: Account = {
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
  email_verified: true,
}
// What the server answers after a save the offline copy had not caught up with.
const fresh: Account = { ...cached, first_name: 'Omari', company_name: 'Nabil & Co' }

function renderCard(account: Account) {
  const client = createTestQueryClient()
  const ui = (a: Account) => (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        <ProfileCard account={a} disabled={false} />
      </QueryClientProvider>
    </MantineProvider>
  )
  const result = render(ui(account))
  return { rerender: (a: Account) => result.rerender(ui(a)) }
}

describe('ProfileCard', () => {
  it("shows the server's account once it arrives after the cached copy", () => {
    const card = renderCard(cached)
    expect(screen.getByLabelText('Company name')).toHaveValue('')
    card.rerender(fresh)
    expect(screen.getByLabelText('Company name')).toHaveValue('Nabil & Co')
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Omari')
  })

  it('keeps what the user typed when a newer account arrives', async () => {
    const card = renderCard(cached)
    await userEvent.type(screen.getByLabelText('Company name'), 'Typed Ltd')
    card.rerender(fresh)
    expect(screen.getByLabelText('Company name')).toHaveValue('Typed Ltd')
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Omar')
  })
})
