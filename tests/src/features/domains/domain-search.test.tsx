import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { domainMessages } from '../../../../src/contract/domains'
import { toast } from '../../../../src/components/toast'
import { DomainSearchPage, toggleTld } from '../../../../src/features/domains/components/domain-search-page'
import { json, stubFetch } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'
import { signedIn } from '../../helpers/session'
import { spyOnToasts } from '../../helpers/toasts'

const fetchMock = stubFetch()
spyOnToasts()

const result = (domainName: string, purchasable: boolean, price = 12.99) => ({
  domainName,
  tld: domainName.split('.')[1],
  purchasable,
  premium: false,
  purchasePrice: price,
  price,
  renewalPrice: price,
  currency: 'USD',
})

function serveSearch() {
  fetchMock.mockImplementation(async (_input, init) => {
    const body = JSON.parse(String(init?.body)) as { keyword: string; tlds: string[] }
    return json(200, {
      results: body.tlds.map((tld, i) => result(`${body.keyword}.${tld}`, i !== 1)),
      suggestions: [`${body.keyword}shop.com`, `${body.keyword}store.com`],
    })
  })
}

const renderPage = () => renderWithRouter(() => <DomainSearchPage />, { path: '/domain-search' })

describe('domain search', { timeout: 20_000 }, () => {
  it('keeps the last chosen TLD selected', () => {
    expect(toggleTld(['com', 'net'], 'net')).toEqual(['com'])
    expect(toggleTld(['com'], 'com')).toEqual(['com'])
    expect(toggleTld(['net'], 'com')).toEqual(['com', 'net'])
  })

  it('searches the normalised name on Enter in com, net and org, with prices and Unavailable', async () => {
    serveSearch()
    await renderPage()
    await userEvent.type(screen.getByLabelText('Domain name'), 'My Shop!{Enter}')
    expect(await screen.findByText('myshop.com')).toBeInTheDocument()
    const sent = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))
    expect(sent).toEqual({ keyword: 'myshop', tlds: ['com', 'net', 'org'] })
    expect(screen.getAllByText('$12.99/year')).toHaveLength(3)
    expect(screen.getByText('Unavailable')).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: /^Register / })).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'myshopshop.com' })).toBeInTheDocument()
  })

  it("says 'Please enter a domain name' for an empty name and asks nothing", async () => {
    await renderPage()
    await userEvent.type(screen.getByLabelText('Domain name'), '!!{Enter}')
    expect(toast.error).toHaveBeenCalledWith(domainMessages.enterName)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('sends a signed-out visitor who presses Register to /login with the way back', async () => {
    serveSearch()
    const { router } = await renderPage()
    await userEvent.type(screen.getByLabelText('Domain name'), 'brand{Enter}')
    await userEvent.click(await screen.findByRole('button', { name: 'Register brand.com' }))
    expect(toast.error).toHaveBeenCalledWith(domainMessages.loginToRegister)
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toEqual({ redirect: '/domain-register?domain=brand.com' })
  })

  it('takes a signed-in client straight to the registration wizard', async () => {
    signedIn()
    serveSearch()
    const { router } = await renderPage()
    await userEvent.type(screen.getByLabelText('Domain name'), 'brand{Enter}')
    await userEvent.click(await screen.findByRole('button', { name: 'Register brand.org' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/domain-register'))
    expect(router.state.location.search).toEqual({ domain: 'brand.org' })
  })

  it("shows the spec's message when the search fails", async () => {
    fetchMock.mockResolvedValue(json(502, { detail: 'down' }))
    await renderPage()
    await userEvent.type(screen.getByLabelText('Domain name'), 'brand{Enter}')
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(domainMessages.searchFailed))
  })
})
