import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { OverviewPage } from '../../../../src/features/staff/components/overview-page'
import { stubApi } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'
import { signedIn } from '../../helpers/session'
import { spyOnToasts } from '../../helpers/toasts'

const SLOW_UI = 20_000

const { serve } = stubApi()

spyOnToasts()

describe('OverviewPage', { timeout: SLOW_UI }, () => {
  it('shows the failed jobs with their queue and error', async () => {
    signedIn()
    serve({
      '/api/staff/overview/': {
        tickets: [{ priority: 'urgent', open: 2, overdue: 1 }],
        inbox: [{ kind: 'contact-messages', new: 3 }],
        failed_jobs: {
          count: 4,
          latest: [
            {
              id: 'a1',
              name: 'receipt-email',
              error: 'SMTP refused the sender',
              failed_at: '2026-11-20T08:00:00Z',
            },
          ],
        },
        payments_today: { count: 2, total_minor: 3799, currency: 'USD' },
        expiring_domains: {
          count: 1,
          soonest: [
            {
              id: 7,
              domain_name: 'northwind-shop.com',
              expiry_date: '2026-12-01T00:00:00Z',
              auto_renew: false,
              client: { id: 9, company_name: 'Northwind Logistics' },
            },
          ],
        },
      },
    })
    await renderWithRouter(() => <OverviewPage />, { path: '/staff' })
    expect(await screen.findByTestId('failed-jobs-count')).toHaveTextContent('4')
    expect(screen.getByText('receipt-email')).toBeInTheDocument()
    expect(screen.getByText('SMTP refused the sender')).toBeInTheDocument()
  })

  it("shows today's payments and the domains about to expire with their client", async () => {
    signedIn()
    serve({
      '/api/staff/overview/': {
        tickets: [],
        inbox: [],
        failed_jobs: { count: 0, latest: [] },
        payments_today: { count: 2, total_minor: 3799, currency: 'USD' },
        expiring_domains: {
          count: 3,
          soonest: [
            {
              id: 7,
              domain_name: 'northwind-shop.com',
              expiry_date: '2026-12-01T00:00:00Z',
              auto_renew: true,
              client: { id: 9, company_name: 'Northwind Logistics' },
            },
          ],
        },
      },
    })
    await renderWithRouter(() => <OverviewPage />, { path: '/staff' })
    expect(await screen.findByTestId('payments-today-total')).toHaveTextContent('$37.99')
    expect(screen.getByText('2 orders paid since midnight (UTC)')).toBeInTheDocument()
    expect(screen.getByTestId('expiring-domains-count')).toHaveTextContent('3')
    expect(screen.getByText('northwind-shop.com')).toBeInTheDocument()
    expect(screen.getByText(/Dec 1, 2026 · auto-renew on/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Northwind Logistics' })).toHaveAttribute(
      'href',
      '/staff/clients/9',
    )
  })
})
