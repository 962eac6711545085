import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Domain } from '../../../../src/contract/domains'
import { domainMessages } from '../../../../src/contract/domains'
import { DomainsTab } from '../../../../src/features/domains/components/domains-tab'
import { json, page, serveRoutes, stubFetch } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'
import { signedIn } from '../../helpers/session'

const fetchMock = stubFetch()
beforeEach(() => {
  signedIn()
})

const DAY = 24 * 3600 * 1000
const domain = (id: number, name: string, daysLeft: number, status = 'active'): Domain => ({
  id,
  domain_name: name,
  status,
  locked: true,
  whois_privacy: true,
  auto_renew: false,
  registration_date: new Date(Date.now() - 300 * DAY).toISOString(),
  expiry_date: new Date(Date.now() + daysLeft * DAY - 3600 * 1000).toISOString(),
  nameservers: ['ns1.example.com', 'ns2.example.com'],
  contact: null,
  renewal_price: 12.99,
})

describe('Domains tab', { timeout: 20_000 }, () => {
  it('shows days left in their colours, Renew only below 90 days, and Expired at 0 or fewer', async () => {
    serveRoutes(fetchMock, {
      '/api/domains/domains/': page([
        domain(1, 'soon.com', 45),
        domain(2, 'gone.net', -10, 'expired'),
        domain(3, 'later.com', 200),
        domain(4, 'urgent.io', 20),
      ]),
    })
    await renderWithRouter(() => <DomainsTab />, { path: '/dashboard' })
    const cards = await screen.findAllByTestId('domain-card')
    const card = (name: string) => {
      const found = cards.find((c) => within(c).queryByText(name))
      if (!found) throw new Error(name)
      return within(found)
    }
    expect(card('soon.com').getByTestId('days-left')).toHaveTextContent('45')
    expect(card('soon.com').getByTestId('days-left').style.color).toContain('yellow')
    expect(card('urgent.io').getByTestId('days-left').style.color).toContain('red')
    expect(card('later.com').getByTestId('days-left').style.color).toContain('green')
    expect(card('soon.com').getByRole('link', { name: 'Renew' })).toHaveAttribute('href', '/domain/1/renew')
    expect(card('later.com').queryByRole('link', { name: 'Renew' })).toBeNull()
    expect(card('gone.net').getByTestId('days-left')).toHaveTextContent(domainMessages.expired)
    expect(card('gone.net').queryByRole('link', { name: 'Renew' })).toBeNull()
    expect(card('later.com').getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/domain/3')
  })

  it("shows 'Error Loading Domains' when the list fails", async () => {
    fetchMock.mockResolvedValue(json(500, { detail: 'boom' }))
    await renderWithRouter(() => <DomainsTab />, { path: '/dashboard' })
    expect(await screen.findByText(domainMessages.errorLoadingDomains)).toBeInTheDocument()
  })
})
