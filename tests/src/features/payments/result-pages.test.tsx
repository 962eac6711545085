import { act, configure, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CARD_SUCCESS_REDIRECT_MS, wizardMessages } from '../../../../src/contract/apps'
import { site } from '../../../../src/contract/site'
import { Confetti, CONFETTI_MS, CONFETTI_PIECES } from '../../../../src/features/payments/components/confetti'
import { PaymentFailPage } from '../../../../src/features/payments/components/payment-fail-page'
import { PaymentSuccessPage } from '../../../../src/features/payments/components/payment-success-page'
import { paymentResultTexts } from '../../../../src/features/payments/result-texts'
import { json, stubFetch } from '../../helpers/http'
import { order } from '../../helpers/payment-fixtures'
import { renderWithRouter } from '../../helpers/render'
import { signedIn } from '../../helpers/session'

const SLOW_UI = 20_000
configure({ asyncUtilTimeout: 8_000 })

const receipt = (orderId: number) => <a href={`/receipt/${orderId}`}>Receipt of order {orderId}</a>

const fetchMock = stubFetch()
beforeEach(() => signedIn())

/** Answers the order poll with each of `answers` in turn, then the last one. */
function serveOrder(...answers: ReturnType<typeof order>[]) {
  let asked = 0
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname
    if (path !== '/api/payments/orders/41/') return json(404, { detail: 'Not found.' })
    const answer = answers[Math.min(asked, answers.length - 1)]
    asked += 1
    return json(200, answer)
  })
  return () => asked
}

describe('payment success page', { timeout: SLOW_UI }, () => {
  it('waits while the order is pending, then confirms once the server has it paid', async () => {
    const asked = serveOrder(order(), order({ status: 'paid', fulfilled: true, gateway: 'stripe' }))
    await renderWithRouter(() => <PaymentSuccessPage orderId={41} receipt={receipt} />, {
      path: '/payment/success/41',
    })
    expect(await screen.findByText(paymentResultTexts.pendingTitle)).toBeInTheDocument()
    expect(document.title).toBe(`${paymentResultTexts.pendingTitle} | ${site.name}`)
    expect(screen.queryByTestId('confetti')).not.toBeInTheDocument()
    expect(await screen.findByText(paymentResultTexts.successTitle)).toBeInTheDocument()
    expect(document.title).toBe(`${paymentResultTexts.successTitle} | ${site.name}`)
    expect(asked()).toBeGreaterThanOrEqual(2)
    const confirmations = screen.getByTestId('payment-confirmations')
    for (const text of ['Payment confirmed', 'Order processing', 'Confirmation email sent']) {
      expect(within(confirmations).getByText(text)).toBeInTheDocument()
    }
    expect(screen.getByTestId('order-status')).toHaveTextContent('paid')
    expect(screen.getByRole('link', { name: 'Receipt of order 41' })).toBeInTheDocument()
    expect(screen.getByTestId('confetti').children).toHaveLength(CONFETTI_PIECES)
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard')
    expect(screen.getByRole('link', { name: 'View Order Details' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('link', { name: site.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${site.supportEmail}`,
    )
  })

  it('a paid Paymob order says what was charged and how it was paid', async () => {
    serveOrder(
      order({
        status: 'paid',
        fulfilled: true,
        gateway: 'paymob',
        charge: { amount: 90, currency: 'EGP', rate: 30 },
      }),
    )
    await renderWithRouter(() => <PaymentSuccessPage orderId={41} receipt={receipt} />, {
      path: '/payment/success/41',
    })
    const facts = await screen.findByTestId('order-facts')
    await waitFor(() => expect(facts).toHaveTextContent('Charged'))
    expect(facts).toHaveTextContent('Paid with')
    expect(screen.queryByTestId('nothing-charged')).toBeNull()
  })

  it('sends a top-up to the wallet for its details', async () => {
    serveOrder(order({ kind: 'wallet_topup', status: 'paid', fulfilled: true }))
    await renderWithRouter(() => <PaymentSuccessPage orderId={41} receipt={receipt} />, {
      path: '/payment/success/41',
    })
    expect(await screen.findByRole('link', { name: 'View Order Details' })).toHaveAttribute('href', '/wallet')
  })

  it('moves to the failure page when the server says the payment failed', async () => {
    serveOrder(order({ status: 'failed', failure_reason: 'Your card was declined.' }))
    const { router } = await renderWithRouter(() => <PaymentSuccessPage orderId={41} receipt={receipt} />, {
      path: '/payment/success/41',
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/fail/41'))
  })

  it("says 'Order data not found' for an order the server does not know", async () => {
    fetchMock.mockResolvedValue(json(404, { detail: 'Not found.' }))
    await renderWithRouter(() => <PaymentSuccessPage orderId={41} receipt={receipt} />, {
      path: '/payment/success/41',
    })
    expect(await screen.findByText('Order data not found')).toBeInTheDocument()
    expect(screen.queryByText(paymentResultTexts.successTitle)).not.toBeInTheDocument()
  })
})

describe('payment failure page', { timeout: SLOW_UI }, () => {
  it('lists causes, keeps the order, and offers Try Again, the dashboard, home, support and live chat', async () => {
    serveOrder(order({ status: 'failed', failure_reason: 'Your card was declined.' }))
    await renderWithRouter(() => <PaymentFailPage orderId={41} />, { path: '/payment/fail/41' })
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument()
    expect(screen.getByText(paymentResultTexts.failTitle)).toBeInTheDocument()
    expect(document.title).toBe(`${paymentResultTexts.failTitle} | ${site.name}`)
    expect(screen.getByTestId('order-saved-note')).toHaveTextContent(paymentResultTexts.orderSaved)
    for (const cause of paymentResultTexts.causes) expect(screen.getByText(cause)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard')
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('link', { name: 'Live Chat' })).toHaveAttribute('href', '/contact')
    expect(screen.getByRole('link', { name: site.phone })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: site.supportEmail })).toBeInTheDocument()
  })

  it('a declined Paymob payment shows what was attempted and that nothing was charged, never "Charged" or "Paid with"', async () => {
    serveOrder(
      order({
        status: 'failed',
        gateway: 'paymob',
        gateway_reference: 'pm-order-77',
        charge: { amount: 90, currency: 'EGP', rate: 30 },
        failure_reason: 'Declined by the issuer.',
      }),
    )
    await renderWithRouter(() => <PaymentFailPage orderId={41} />, { path: '/payment/fail/41' })
    const facts = await screen.findByTestId('order-facts')
    await within(facts).findByText('Declined by the issuer.')
    expect(facts).toHaveTextContent('Amount attempted')
    expect(facts).toHaveTextContent('Attempted with')
    expect(facts).toHaveTextContent('Paymob')
    expect(screen.getByTestId('nothing-charged')).toHaveTextContent('Nothing was charged.')
    expect(facts).not.toHaveTextContent('Charged')
    expect(facts).not.toHaveTextContent('Paid with')
  })

  it('moves to the success page when the order was paid after all', async () => {
    serveOrder(order({ status: 'paid', fulfilled: true }))
    const { router } = await renderWithRouter(() => <PaymentFailPage orderId={41} />, {
      path: '/payment/fail/41',
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/success/41'))
  })
})

describe('confetti', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('throws 50 pieces and is gone after 4 seconds', () => {
    vi.useFakeTimers()
    render(<Confetti />)
    expect(screen.getByTestId('confetti').children).toHaveLength(50)
    act(() => vi.advanceTimersByTime(CONFETTI_MS - 1))
    expect(screen.getByTestId('confetti')).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByTestId('confetti')).not.toBeInTheDocument()
  })
})

describe('payment success page for a messaging app', { timeout: SLOW_UI }, () => {
  afterEach(() => vi.useRealTimers())

  it('says the app was created once its payment is confirmed, and shows the dashboard 2 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    serveOrder(order(), order({ status: 'paid', fulfilled: true, gateway: 'stripe' }))
    const { router } = await renderWithRouter(() => <PaymentSuccessPage orderId={41} receipt={receipt} />, {
      path: '/payment/success/41',
    })
    expect(await screen.findByText(paymentResultTexts.pendingTitle)).toBeInTheDocument()
    expect(screen.queryByTestId('app-created')).not.toBeInTheDocument()
    expect(await screen.findByTestId('app-created')).toHaveTextContent(wizardMessages.created)
    expect(router.state.location.pathname).toBe('/payment/success/41')
    act(() => {
      vi.advanceTimersByTime(CARD_SUCCESS_REDIRECT_MS)
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
  })

  it('stays on the page for other orders', async () => {
    serveOrder(order({ kind: 'wallet_topup', status: 'paid', fulfilled: true }))
    await renderWithRouter(() => <PaymentSuccessPage orderId={41} receipt={receipt} />, {
      path: '/payment/success/41',
    })
    expect(await screen.findByText(paymentResultTexts.successTitle)).toBeInTheDocument()
    expect(screen.queryByTestId('app-created')).not.toBeInTheDocument()
  })
})
