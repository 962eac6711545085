import { QueryClient } from '@tanstack/react-query'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { walletMessages } from '../../../../src/contract/wallet'
import { WalletPage } from '../../../../src/features/wallet/components/wallet-page'
import type { WalletTab } from '../../../../src/features/wallet/tabs'
import { json, page, stubFetch } from '../../helpers/http'
import { transaction, wallet } from '../../helpers/payment-fixtures'
import { renderWithProviders } from '../../helpers/render'
import { signedIn } from '../../helpers/session'

const SLOW_UI = 20_000

const fetchMock = stubFetch()
beforeEach(() => signedIn())

function serve(answers: { wallet?: () => Response; transactions?: () => Response } = {}) {
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname
    if (path === '/api/client/wallet/') return answers.wallet ? answers.wallet() : json(200, wallet())
    if (path === '/api/client/wallet/transactions/') {
      return answers.transactions
        ? answers.transactions()
        : json(
            200,
            page([
              transaction(),
              transaction({
                id: 6,
                transaction_type: 'payment',
                amount: -30,
                description: 'SMS Msg Basic',
                order_id: 42,
              }),
              transaction({
                id: 7,
                source: 'referral_reward',
                amount: 10,
                description: 'Referral reward',
                order_id: null,
              }),
            ]),
          )
    }
    return json(404, { detail: 'Not found.' })
  })
}

function renderWallet(tab: WalletTab = 'transactions', onTabChange = vi.fn(), client?: QueryClient) {
  return renderWithProviders(
    <WalletPage
      tab={tab}
      onTabChange={onTabChange}
      addFunds={<button type="button">Add Funds</button>}
      referralCode={<p>The referral code card</p>}
      referrals={<p>The referrals feature</p>}
      savedCards={<p>The saved cards</p>}
      receipt={(orderId) => <a href={`/receipt/${orderId}`}>Receipt of order {orderId}</a>}
    />,
    client,
  )
}

describe('wallet page', { timeout: SLOW_UI }, () => {
  it('shows the balance, referral earnings and pending rewards, and the transactions with their signs', async () => {
    serve()
    renderWallet()
    expect(screen.getByRole('heading', { name: 'Client Wallet' })).toBeInTheDocument()
    expect(await screen.findByTestId('wallet-Available Balance')).toHaveTextContent('$120.50')
    expect(screen.getByTestId('wallet-Referral Earnings')).toHaveTextContent('$10.00')
    expect(screen.getByTestId('wallet-Pending Rewards')).toHaveTextContent('$10.00')
    // Each held reward, with the date it becomes available.
    expect(screen.getByRole('list', { name: 'Rewards on hold' })).toHaveTextContent(
      '$10.00 for Nour Hany, available Dec 11, 2026',
    )
    const table = await screen.findByTestId('transactions')
    expect(within(table).getByText('+$50.00')).toBeInTheDocument()
    expect(within(table).getByText('-$30.00')).toBeInTheDocument()
    expect(within(table).getByText('SMS Msg Basic')).toBeInTheDocument()
    // Entries behind an order carry its receipt; a referral reward has none.
    const receipts = within(table)
      .getAllByRole('link')
      .map((link) => link.textContent)
    expect(receipts).toEqual(['Receipt of order 41', 'Receipt of order 42'])
    expect(screen.getByText('The referral code card')).toBeInTheDocument()
  })

  it('reports a tab change and shows the composed tabs', async () => {
    serve()
    const onTabChange = vi.fn()
    renderWallet('cards', onTabChange)
    expect(await screen.findByText('The saved cards')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('tab', { name: 'Referrals' }))
    expect(onTabChange).toHaveBeenCalledWith('referrals')
  })

  it("shows 'Error loading wallet data' with Retry and no sample figures when the wallet fails", async () => {
    let fail = true
    serve({ wallet: () => (fail ? json(500, { detail: 'Internal server error.' }) : json(200, wallet())) })
    renderWallet()
    const message = walletMessages.loadError(walletMessages.fetchFailed)
    expect(await screen.findByRole('heading', { name: message })).toBeInTheDocument()
    expect(screen.queryByTestId('wallet-Available Balance')).not.toBeInTheDocument()
    expect(screen.queryByText('$500.00')).not.toBeInTheDocument()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByTestId('wallet-Available Balance')).toHaveTextContent('$120.50')
  })

  it('keeps the saved copy on a failed refresh, labelled as cached, under the error', async () => {
    serve({ wallet: () => json(503, { detail: 'The service is temporarily unavailable.' }) })
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } })
    client.setQueryData(['wallet'], wallet({ balance: 77 }), { updatedAt: Date.UTC(2026, 10, 20, 9, 30) })
    renderWallet('transactions', vi.fn(), client)
    expect(await screen.findByTestId('cached-copy-label')).toHaveTextContent('(cached)')
    expect(screen.getByText(walletMessages.loadError(walletMessages.fetchFailed))).toBeInTheDocument()
    expect(screen.getByTestId('wallet-Available Balance')).toHaveTextContent('$77.00')
  })
})
