import { configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { dnsRuleMessages } from '../../../../src/contract/dns-records'
import { domainMessages, type Domain } from '../../../../src/contract/domains'
import { daysLeftColour, renewalBarColour } from '../../../../src/contract/status-colours'
import { toast } from '../../../../src/components/toast'
import { DomainPage } from '../../../../src/features/domains/components/domain-page'
import { renewalPercent, showsRenewLink } from '../../../../src/features/domains/expiry'
import type { DomainTab } from '../../../../src/features/domains/tabs'
import { json, stubFetch } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'
import { signedIn } from '../../helpers/session'
import { spyOnToasts } from '../../helpers/toasts'

const fetchMock = stubFetch()
spyOnToasts()
beforeEach(() => {
  signedIn()
})
afterEach(() => {
  vi.unstubAllGlobals()
})
configure({ asyncUtilTimeout: 10_000 })

const DAY = 24 * 3600 * 1000
function domain(overrides: Partial<Domain> & { daysLeft?: number } = {}): Domain {
  const { daysLeft = 200, ...rest } = overrides
  return {
    id: 7,
    domain_name: 'brand.com',
    status: 'active',
    locked: true,
    whois_privacy: true,
    auto_renew: false,
    registration_date: new Date(Date.now() - 165 * DAY).toISOString(),
    expiry_date: new Date(Date.now() + daysLeft * DAY - 3600 * 1000).toISOString(),
    nameservers: ['ns1.sandbox-registrar.test', 'ns2.sandbox-registrar.test'],
    contact: null,
    renewal_price: 12.99,
    ...rest,
  }
}

const record = { id: 5, domain: 7, type: 'A', host: '@', value: '192.0.2.10', ttl: 3600, priority: null }

interface Call {
  method: string
  path: string
  body: Record<string, unknown> | null
}

/** The management calls, answered from `current`; every call is recorded. */
function serve(current: { domain: Domain | null }) {
  const calls: Call[] = []
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost')
    const method = init?.method ?? 'GET'
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null
    calls.push({ method, path: url.pathname, body })
    const found = current.domain
    if (url.pathname === '/api/domains/domains/7/')
      return found ? json(200, found) : json(404, { detail: 'Not found.' })
    if (url.pathname === '/api/domains/dns-records/' && method === 'GET')
      return json(200, { results: [record] })
    if (url.pathname === '/api/domains/dns-records/' && method === 'POST')
      return json(201, { id: 6, domain: 7, ...body })
    if (url.pathname === '/api/domains/dns-records/5/' && method === 'DELETE')
      return new Response(null, { status: 204 })
    if (found && url.pathname === '/api/domains/domains/7/unlock/') {
      current.domain = { ...found, locked: false }
      return json(200, current.domain)
    }
    if (url.pathname === '/api/domains/domains/7/get_auth_code/')
      return json(200, { auth_code: 'Xy7-auth-CODE' })
    if (found && url.pathname === '/api/domains/domains/7/update_nameservers/')
      return json(200, { ...found, nameservers: body?.nameservers })
    return json(404, { detail: 'Not found.' })
  })
  return calls
}

function Page({ initial }: { initial: DomainTab }) {
  const [tab, setTab] = useState<DomainTab>(initial)
  return <DomainPage domainId={7} tab={tab} onTabChange={setTab} />
}

const renderPage = (initial: DomainTab = 'overview') =>
  renderWithRouter(() => <Page initial={initial} />, { path: '/domain/7' })

describe('the expiry rules', () => {
  it('shows Renew only for 0 < days < 90', () => {
    expect([null, -1, 0, 1, 45, 89, 90, 91, 400].map(showsRenewLink)).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
      false,
      false,
      false,
    ])
  })

  it('colours days left green above 90, yellow above 30, red at 30 or fewer', () => {
    expect([400, 91, 90, 31, 30, 1, 0, -5].map(daysLeftColour)).toEqual([
      'green',
      'green',
      'yellow',
      'yellow',
      'red',
      'red',
      'red',
      'red',
    ])
  })

  it('fills the renewal bar with days over 365, clamped, green above 50 %, yellow above 25 %', () => {
    expect(renewalPercent(null)).toBe(0)
    expect(renewalPercent(-20)).toBe(0)
    expect(renewalPercent(730)).toBe(100)
    expect(renewalPercent(73)).toBeCloseTo(20)
    expect([100, 50.1, 50, 25.1, 25, 0].map(renewalBarColour)).toEqual([
      'green',
      'green',
      'yellow',
      'yellow',
      'red',
      'red',
    ])
  })
})

describe('domain management page', { timeout: 60_000 }, () => {
  it('shows the header badges, the Renew link and the overview with its bar', async () => {
    serve({ domain: domain({ daysLeft: 200 }) })
    await renderPage()
    expect(await screen.findByRole('heading', { name: 'brand.com' })).toBeInTheDocument()
    expect(screen.getByText('Locked')).toBeInTheDocument()
    expect(screen.getByText('Privacy Enabled')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Renew Domain' })).toHaveAttribute('href', '/domain/7/renew')
    expect(screen.getByText('200')).toBeInTheDocument()
    const bar = screen.getByRole('progressbar', { name: 'Time left until renewal' })
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeCloseTo((200 / 365) * 100, 0)
    expect(screen.getByRole('switch', { name: 'Domain lock' })).toBeChecked()
    expect(screen.getByRole('switch', { name: 'Auto-renew' })).not.toBeChecked()
  })

  it("says 'Domain not found' with the way back to My Domains", async () => {
    serve({ domain: null })
    await renderPage()
    expect(await screen.findByRole('heading', { name: domainMessages.notFound })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to My Domains' })).toHaveAttribute(
      'href',
      '/dashboard?tab=domains',
    )
  })

  it('asks for the priority only for MX and SRV, with TTL 3600 and priority 10 by default', async () => {
    const calls = serve({ domain: domain() })
    const user = userEvent.setup()
    await renderPage('dns')
    expect(await screen.findByTestId('dns-records')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'TTL' })).toHaveValue('3600')
    expect(screen.queryByRole('textbox', { name: 'Priority' })).toBeNull()
    const typeBox = screen.getByRole('combobox', { name: 'Type' })
    await user.click(typeBox)
    const listbox = await screen.findByRole('listbox', { hidden: true, name: 'Type' })
    const options = within(listbox)
      .getAllByRole('option', { hidden: true })
      .map((o) => o.textContent)
    expect(options).toEqual(['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'SRV', 'CAA'])
    await user.click(screen.getByRole('option', { name: 'MX', hidden: true }))
    expect(screen.getByRole('textbox', { name: 'Priority' })).toHaveValue('10')
    await user.type(screen.getByRole('textbox', { name: 'Host' }), '@')
    await user.type(screen.getByRole('textbox', { name: 'Value' }), 'mx.mailhost.example')
    await user.clear(screen.getByRole('textbox', { name: 'TTL' }))
    await user.click(screen.getByRole('button', { name: 'Add Record' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(domainMessages.recordAdded))
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      domain: 7,
      type: 'MX',
      host: '@',
      value: 'mx.mailhost.example',
      ttl: 3600,
      priority: 10,
    })
  })

  it("refuses a missing host or value, and shows a wrong value's message next to its field before asking the server", async () => {
    const calls = serve({ domain: domain() })
    const user = userEvent.setup()
    await renderPage('dns')
    await screen.findByTestId('dns-records')
    await user.type(screen.getByRole('textbox', { name: 'Value' }), '192.0.2.44')
    await user.click(screen.getByRole('button', { name: 'Add Record' }))
    expect(toast.error).toHaveBeenLastCalledWith(domainMessages.fillRequired)
    await user.type(screen.getByRole('textbox', { name: 'Host' }), 'shop')
    await user.clear(screen.getByRole('textbox', { name: 'Value' }))
    await user.type(screen.getByRole('textbox', { name: 'Value' }), '2001:db8::1')
    await user.click(screen.getByRole('button', { name: 'Add Record' }))
    expect(screen.getByRole('textbox', { name: 'Value' })).toHaveAccessibleDescription(dnsRuleMessages.ipv4)
    for (const [type, value, problem] of [
      ['AAAA', '192.0.2.44', dnsRuleMessages.ipv6],
      ['CNAME', '192.0.2.44', dnsRuleMessages.cnameTarget],
      ['MX', '192.0.2.44', dnsRuleMessages.mxTarget],
      ['CAA', 'issue letsencrypt.org', dnsRuleMessages.caaValue],
    ] as const) {
      await user.click(screen.getByRole('combobox', { name: 'Type' }))
      await user.click(await screen.findByRole('option', { name: type, hidden: true }))
      await user.clear(screen.getByRole('textbox', { name: 'Value' }))
      await user.type(screen.getByRole('textbox', { name: 'Value' }), value)
      await user.click(screen.getByRole('button', { name: 'Add Record' }))
      expect(screen.getByRole('textbox', { name: 'Value' })).toHaveAccessibleDescription(problem)
    }
    // The host's own rules and the rules between records show next to the host.
    await user.click(screen.getByRole('combobox', { name: 'Type' }))
    await user.click(await screen.findByRole('option', { name: 'SRV', hidden: true }))
    await user.clear(screen.getByRole('textbox', { name: 'Value' }))
    await user.type(screen.getByRole('textbox', { name: 'Value' }), '5 5060 sip.brand.com')
    await user.click(screen.getByRole('button', { name: 'Add Record' }))
    expect(screen.getByRole('textbox', { name: 'Host' })).toHaveAccessibleDescription(dnsRuleMessages.srvHost)
    await user.click(screen.getByRole('combobox', { name: 'Type' }))
    await user.click(await screen.findByRole('option', { name: 'A', hidden: true }))
    await user.clear(screen.getByRole('textbox', { name: 'Host' }))
    await user.type(screen.getByRole('textbox', { name: 'Host' }), '@')
    await user.clear(screen.getByRole('textbox', { name: 'Value' }))
    await user.type(screen.getByRole('textbox', { name: 'Value' }), '192.0.2.10')
    await user.click(screen.getByRole('button', { name: 'Add Record' }))
    expect(screen.getByRole('textbox', { name: 'Host' })).toHaveAccessibleDescription(
      dnsRuleMessages.duplicate,
    )
    // The form keeps what was typed, and nothing was sent.
    expect(screen.getByRole('textbox', { name: 'Value' })).toHaveValue('192.0.2.10')
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
  })

  it('deletes a record only after the confirmation', async () => {
    const calls = serve({ domain: domain() })
    const user = userEvent.setup()
    const confirm = vi.fn(() => false)
    vi.stubGlobal('confirm', confirm)
    await renderPage('dns')
    const table = await screen.findByTestId('dns-records')
    await user.click(within(table).getByRole('button', { name: 'Delete A record @' }))
    expect(confirm).toHaveBeenCalledWith(domainMessages.confirmDeleteRecord)
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false)
    confirm.mockReturnValue(true)
    await user.click(within(table).getByRole('button', { name: 'Delete A record @' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(domainMessages.recordDeleted))
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/domains/dns-records/5/',
    ])
  })

  it('needs at least 2 nameservers and drops blank entries', async () => {
    const calls = serve({ domain: domain() })
    const user = userEvent.setup()
    await renderPage('nameservers')
    const second = await screen.findByRole('textbox', { name: 'Nameserver 2' })
    await user.clear(second)
    await user.click(screen.getByRole('button', { name: 'Save Nameservers' }))
    expect(toast.error).toHaveBeenLastCalledWith(domainMessages.tooFewNameservers)
    expect(calls.some((c) => c.path.endsWith('/update_nameservers/'))).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Add Nameserver' }))
    await user.type(screen.getByRole('textbox', { name: 'Nameserver 3' }), 'ns3.brand.com')
    await user.click(screen.getByRole('button', { name: 'Save Nameservers' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(domainMessages.nameserversUpdated))
    expect(calls.find((c) => c.path.endsWith('/update_nameservers/'))?.body).toEqual({
      nameservers: ['ns1.sandbox-registrar.test', 'ns3.brand.com'],
    })
  })

  it('offers the transfer code only once the domain is unlocked', async () => {
    serve({ domain: domain({ locked: true }) })
    const user = userEvent.setup()
    await renderPage('transfer')
    expect(await screen.findByText('Domain is locked')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Get Auth Code' })).toBeNull()
    await user.click(screen.getByRole('tab', { name: 'Overview' }))
    await user.click(await screen.findByRole('switch', { name: 'Domain lock' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(domainMessages.unlocked))
    await user.click(screen.getByRole('tab', { name: 'Transfer' }))
    await user.click(await screen.findByRole('button', { name: 'Get Auth Code' }))
    expect(await screen.findByTestId('auth-code')).toHaveTextContent('Xy7-auth-CODE')
    expect(toast.success).toHaveBeenCalledWith(domainMessages.authCodeRetrieved)
  })
})
