import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { domainMessages } from '../../../../src/contract/domains'
import { toast } from '../../../../src/components/toast'
import {
  contactComplete,
  RegistrationWizard,
} from '../../../../src/features/domains/components/registration-wizard'
import { json, stubFetch } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'
import { demoUser, signedIn } from '../../helpers/session'
import { spyOnToasts } from '../../helpers/toasts'

const fetchMock = stubFetch()
spyOnToasts()
beforeEach(() => {
  signedIn()
})

const account = {
  ...demoUser,
  phone: '+1.3125550199',
  address: '233 S Wacker Dr',
  date_joined: '2026-01-05T10:00:00Z',
  newsletter: false,
  email_verified: true,
}
const order = {
  id: 41,
  order_type: 'domain_registration',
  status: 'pending',
  domain_name: 'brand.com',
  domain_id: 9,
  years: 2,
  whois_privacy: true,
  base_price: 25.98,
  privacy_price: 11.98,
  final_price: 37.96,
  currency: 'USD',
  created_at: '2026-11-24T08:00:00Z',
}

/** The calls the wizard makes: the quote, the account, and the order (answered by `register`). */
function serve(register: () => Response = () => json(201, { order })) {
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname
    if (path === '/api/domains/domains/check_availability/')
      return json(200, {
        results: [
          {
            domainName: 'brand.com',
            tld: 'com',
            purchasable: true,
            premium: false,
            purchasePrice: 12.99,
            price: 12.99,
            renewalPrice: 12.99,
            currency: 'USD',
          },
        ],
      })
    if (path === '/api/client/accounts/me/') return json(200, account)
    if (path === '/api/domains/domains/register/') return register()
    return json(404, { detail: 'Not found.' })
  })
}

const sentRegistrations = () =>
  fetchMock.mock.calls
    .filter(([input]) => String(input).includes('/api/domains/domains/register/'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>)

const renderWizard = () =>
  renderWithRouter(
    () => (
      <RegistrationWizard
        mode={{ kind: 'register', domainName: 'brand.com' }}
        payment={(created) => <div data-testid="payment-step">Paying order {created.id}</div>}
      />
    ),
    { path: '/domain-register' },
  )

const yearsInput = () => screen.getByRole('textbox', { name: 'Registration period (years)' })

async function setYears(user: ReturnType<typeof userEvent.setup>, value: string) {
  await user.clear(yearsInput())
  if (value) await user.type(yearsInput(), value)
}

describe('registration wizard', { timeout: 30_000 }, () => {
  it('starts with 1 year, privacy on, auto-renew off, two empty nameservers and Back disabled', async () => {
    serve()
    await renderWizard()
    expect(await screen.findByText('$12.99/year')).toBeInTheDocument()
    expect(yearsInput()).toHaveValue('1')
    expect(screen.getByRole('switch', { name: /WHOIS privacy/ })).toBeChecked()
    expect(screen.getByRole('switch', { name: /Auto-renew/ })).not.toBeChecked()
    expect(screen.getByRole('textbox', { name: 'Nameserver 1' })).toHaveValue('')
    expect(screen.getByRole('textbox', { name: 'Nameserver 2' })).toHaveValue('')
    expect(screen.queryByRole('textbox', { name: 'Nameserver 3' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled()
  })

  it('keeps the period within 1 to 10 years', async () => {
    serve()
    const user = userEvent.setup()
    await renderWizard()
    await screen.findByText('$12.99/year')
    // The field itself holds the range: leaving it clamps what was typed.
    await setYears(user, '11')
    await user.tab()
    expect(yearsInput()).toHaveValue('10')
    await setYears(user, '0')
    await user.tab()
    expect(yearsInput()).toHaveValue('1')
    // An emptied field says the rule at once; leaving it puts back the nearest valid period.
    await setYears(user, '')
    expect(screen.getByText(domainMessages.yearsRange)).toBeInTheDocument()
    await user.tab()
    expect(yearsInput()).toHaveValue('1')
    expect(screen.queryByText(domainMessages.yearsRange)).toBeNull()
    await setYears(user, '10')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('textbox', { name: 'City' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled()
  })

  it('prefills the contact from the account and refuses Next while a required field is blank', async () => {
    serve()
    const user = userEvent.setup()
    await renderWizard()
    await screen.findByText('$12.99/year')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Dana')
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('demo@example.com')
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('+1.3125550199')
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveValue('233 S Wacker Dr')
    expect(screen.getByRole('textbox', { name: 'Organization (optional)' })).toHaveValue('Demo Company')
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('United States')
    expect(screen.getByRole('checkbox', { name: /same contact/ })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(toast.error).toHaveBeenLastCalledWith(domainMessages.fillRequired)
    expect(screen.queryByRole('button', { name: 'Create Order' })).toBeNull()
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Chicago')
    await user.type(screen.getByRole('textbox', { name: 'State' }), 'IL')
    await user.type(screen.getByRole('textbox', { name: 'ZIP' }), '60606')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('button', { name: 'Create Order' })).toBeVisible()
    // Review has Create Order instead of Next.
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull()
  })

  it('needs the terms, sends the order without blank nameservers, then shows Payment', async () => {
    serve()
    const user = userEvent.setup()
    await renderWizard()
    await screen.findByText('$12.99/year')
    await setYears(user, '2')
    await user.type(screen.getByRole('textbox', { name: 'Nameserver 1' }), 'ns1.custom.net')
    await user.click(screen.getByRole('button', { name: 'Add Nameserver' }))
    await user.type(screen.getByRole('textbox', { name: 'Nameserver 3' }), 'ns3.custom.net')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.type(await screen.findByRole('textbox', { name: 'City' }), 'Chicago')
    await user.type(screen.getByRole('textbox', { name: 'State' }), 'IL')
    await user.type(screen.getByRole('textbox', { name: 'ZIP' }), '60606')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    // 2 × 12.99 + 2 × 5.99 WHOIS privacy.
    expect(await screen.findByTestId('order-total')).toHaveTextContent('$37.96')

    await user.click(screen.getByRole('button', { name: 'Create Order' }))
    expect(toast.error).toHaveBeenLastCalledWith(domainMessages.reviewAll)
    expect(sentRegistrations()).toEqual([])

    await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }))
    await user.click(screen.getByRole('button', { name: 'Create Order' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(domainMessages.orderCreated))
    expect(sentRegistrations()).toEqual([
      expect.objectContaining({
        domain_name: 'brand.com',
        years: 2,
        whois_privacy: true,
        auto_renew: false,
        registrant_city: 'Chicago',
        registrant_country: 'US',
        use_same_contact_for_all: true,
        nameservers: ['ns1.custom.net', 'ns3.custom.net'],
      }),
    ])
    expect(await screen.findByTestId('payment-step')).toHaveTextContent('Paying order 41')
  })

  it("shows the server's reason when the order is refused, else 'Failed to create order'", async () => {
    const user = userEvent.setup()
    let answer = json(409, { detail: domainMessages.unavailable })
    serve(() => answer)
    await renderWizard()
    await screen.findByText('$12.99/year')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.type(await screen.findByRole('textbox', { name: 'City' }), 'Chicago')
    await user.type(screen.getByRole('textbox', { name: 'State' }), 'IL')
    await user.type(screen.getByRole('textbox', { name: 'ZIP' }), '60606')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.click(await screen.findByRole('checkbox', { name: /I agree to the/ }))
    await user.click(screen.getByRole('button', { name: 'Create Order' }))
    await waitFor(() => expect(toast.error).toHaveBeenLastCalledWith(domainMessages.unavailable))
    expect(sentRegistrations()).toHaveLength(1)
    // No registration without a custom nameserver list: the field is left out.
    expect(sentRegistrations()[0]).not.toHaveProperty('nameservers')

    answer = new Response('upstream down', { status: 502 })
    await user.click(screen.getByRole('button', { name: 'Create Order' }))
    await waitFor(() => expect(toast.error).toHaveBeenLastCalledWith(domainMessages.orderFailed))
    // What was typed stays.
    expect(screen.getByTestId('order-total')).toHaveTextContent('$18.98')
    expect(screen.queryByTestId('payment-step')).toBeNull()
  })

  it('counts a contact complete only when every required field has more than spaces', () => {
    const full = {
      first_name: 'Dana',
      last_name: 'Mercer',
      email: 'demo@example.com',
      phone: '+1.3125550199',
      address1: '233 S Wacker Dr',
      city: 'Chicago',
      state: 'IL',
      zip: '60606',
      country: 'US',
      organization: '',
    }
    expect(contactComplete(full)).toBe(true)
    for (const field of [
      'first_name',
      'last_name',
      'email',
      'phone',
      'address1',
      'city',
      'state',
      'zip',
      'country',
    ])
      expect(contactComplete({ ...full, [field]: '  ' }), field).toBe(false)
  })
})
