import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { savedCardMessages } from '../../../../src/contract/payments'
import { toast } from '../../../../src/components/toast'
import { SavedCardsTab } from '../../../../src/features/payments/components/saved-cards-tab'
import { json, stubFetch } from '../../helpers/http'
import { savedCard } from '../../helpers/payment-fixtures'
import { renderWithRouter } from '../../helpers/render'
import { signedIn } from '../../helpers/session'
import { spyOnToasts } from '../../helpers/toasts'

configure({ asyncUtilTimeout: 8_000 })
const fetchMock = stubFetch()
spyOnToasts()
beforeEach(() => signedIn())

const visa = savedCard({ id: 7, card_brand: 'visa', card_last_four: '4242', is_default: true })
const mastercard = savedCard({ id: 8, card_brand: 'mastercard', card_last_four: '4444', is_default: false })

describe('the Saved Cards tab', { timeout: 20_000 }, () => {
  it('"Make default" makes another card the default through the server', async () => {
    const posted: string[] = []
    fetchMock.mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://localhost').pathname
      if (path === '/api/payments/stripe/saved-payment-methods/')
        return json(200, { results: [visa, mastercard] })
      if (path === '/api/payments/stripe/saved-payment-methods/8/default/' && init?.method === 'POST') {
        posted.push(path)
        return json(200, {
          results: [
            { ...mastercard, is_default: true },
            { ...visa, is_default: false },
          ],
        })
      }
      return json(404, { detail: 'Not found.' })
    })
    await renderWithRouter(() => <SavedCardsTab />, { path: '/wallet' })
    const cards = await screen.findAllByTestId('saved-card')
    expect(within(cards[0] as HTMLElement).getByText('Default')).toBeInTheDocument()
    expect(within(cards[0] as HTMLElement).queryByRole('button', { name: /Make default/ })).toBeNull()
    await userEvent.click(within(cards[1] as HTMLElement).getByRole('button', { name: /Make default/ }))
    await waitFor(() => expect(posted).toEqual(['/api/payments/stripe/saved-payment-methods/8/default/']))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(savedCardMessages.madeDefault))
    const after = await screen.findAllByTestId('saved-card')
    await waitFor(() => expect(after[0]).toHaveTextContent('4444'))
    expect(within(after[0] as HTMLElement).getByText('Default')).toBeInTheDocument()
    expect(within(after[1] as HTMLElement).getByRole('button', { name: /Make default/ })).toBeInTheDocument()
  })

  it('says so when the server refuses', async () => {
    fetchMock.mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://localhost').pathname
      if (path === '/api/payments/stripe/saved-payment-methods/')
        return json(200, { results: [visa, mastercard] })
      return json(404, { detail: 'Selected payment method not found' })
    })
    await renderWithRouter(() => <SavedCardsTab />, { path: '/wallet' })
    await userEvent.click(await screen.findByRole('button', { name: /Make default/ }))
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(savedCardMessages.makeDefaultFailed))
  })
})
