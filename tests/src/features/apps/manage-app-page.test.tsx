import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { appMessages } from '../../../../src/contract/apps'
import { ManageAppPage } from '../../../../src/features/apps/components/manage-app-page'
import { json, stubFetch } from '../../helpers/http'
import { appDetails } from '../../helpers/portal-fixtures'
import { renderWithRouter } from '../../helpers/render'
import { signedIn } from '../../helpers/session'

const fetchMock = stubFetch()
beforeEach(() => {
  signedIn()
})

const render = (tab: 'overview' | 'analytics' | 'activity' | 'settings' = 'overview') =>
  renderWithRouter(() => <ManageAppPage appId={1} tab={tab} onTabChange={() => {}} />, {
    path: '/manage-msg/1',
  })

describe('/manage-msg/{id}', { timeout: 20_000 }, () => {
  it('shows the figures from the delivery records and the key masked to 8 characters with a toggle', async () => {
    fetchMock.mockImplementation(async () => json(200, appDetails()))
    await render()
    const key = await screen.findByTestId('app-api-key')
    expect(key.textContent).toMatch(/^cyk_0123•+$/)
    await userEvent.click(screen.getByRole('button', { name: 'Show API key' }))
    expect(key).toHaveTextContent(appDetails().api_key as string)
    expect(
      screen.getByText('94.7%', { selector: '[data-testid="figure-delivery-rate"]' }),
    ).toBeInTheDocument()
    expect(screen.getByText('97.5%')).toBeInTheDocument()
    expect(screen.getByText('1.4 s')).toBeInTheDocument()
    expect(screen.getByTestId('usage-counts')).toHaveTextContent('40 of 300,000 used · 299,960 remaining')
  })

  it('fetches the key when shown if the data came from the offline copy, where it is masked (issue 27)', async () => {
    const full = appDetails().api_key as string
    let calls = 0
    fetchMock.mockImplementation(async () =>
      json(200, { ...appDetails(), api_key: calls++ === 0 ? `${full.slice(0, 8)}${'•'.repeat(16)}` : full }),
    )
    await render()
    const key = await screen.findByTestId('app-api-key')
    expect(key.textContent).toMatch(/^cyk_0123•+$/)
    await userEvent.click(screen.getByRole('button', { name: 'Show API key' }))
    await vi.waitFor(() => expect(key).toHaveTextContent(full))
    expect(calls).toBe(2)
  })

  it('draws the last 30 days per channel and lists recent messages', async () => {
    fetchMock.mockImplementation(async () => json(200, appDetails()))
    await render('analytics')
    expect(await screen.findByTestId('messages-chart')).toBeInTheDocument()
    expect(screen.getByTestId('chart-total-sms')).toHaveTextContent('SMS: 3')
    expect(screen.getByTestId('chart-total-email')).toHaveTextContent('Email: 2')
  })

  it('rotates the key and deletes only after the name is typed', async () => {
    const calls: string[] = []
    fetchMock.mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://localhost').pathname
      if (init?.method === 'POST') calls.push(`${path} ${String(init.body)}`)
      if (path.endsWith('/rotate-key/'))
        return json(200, { api_key: 'cyk_new', previous_key_expires_at: '2026-12-01T00:00:00Z' })
      if (path.endsWith('/delete/')) return new Response(null, { status: 204 })
      if (path.endsWith('/deliveries/'))
        return json(200, { count: 0, next: null, previous: null, results: [] })
      return json(200, appDetails())
    })
    await render('settings')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Reset App' }))
    expect(await screen.findByText(appMessages.keyRotated)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Delete App' }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByLabelText('App name'), 'Order')
    await user.click(within(dialog).getByRole('button', { name: 'Delete App' }))
    expect(within(dialog).getByText(appMessages.deleteConfirmMismatch)).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('App name'), ' Alerts')
    await user.click(within(dialog).getByRole('button', { name: 'Delete App' }))
    expect(await screen.findByText(appMessages.appDeleted)).toBeInTheDocument()
    expect(calls).toEqual([
      '/api/client/apps/1/rotate-key/ {}',
      '/api/client/apps/1/delete/ {"confirm_name":"Order Alerts"}',
    ])
  })

  it("shows 'App Not Found' for another client's or a missing app", async () => {
    fetchMock.mockImplementation(async () => json(404, { detail: 'Not found.' }))
    await render()
    expect(await screen.findByText(appMessages.notFoundTitle)).toBeInTheDocument()
    expect(screen.getByText(appMessages.notFound)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard')
  })
})
