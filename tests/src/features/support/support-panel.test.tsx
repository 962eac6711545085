import { onlineManager } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { supportMessages } from '../../../../src/contract/support'
import { registerSupportMutations } from '../../../../src/features/support/api/comment-queue'
import { TicketCard } from '../../../../src/features/support/components/ticket-card'
import { TicketPanel } from '../../../../src/features/support/components/ticket-panel'
import { createTestQueryClient, renderWithProviders } from '../../helpers/render'
import { json, page, stubFetch } from '../../helpers/http'
import { signedIn } from '../../helpers/session'
import { ticket, ticketDetail } from '../../helpers/portal-fixtures'

// Mantine in jsdom is slow on a busy machine: generous budgets for waiting, not timing assertions.
const SLOW_UI = 20_000

const fetchMock = stubFetch()
beforeEach(() => {
  signedIn()
})
afterEach(() => {
  onlineManager.setOnline(true)
})

const urls = () => fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost'))
const ticketListCalls = () => urls().filter((u) => u.pathname === '/api/support/tickets/')

describe('ticket filters', { timeout: SLOW_UI }, () => {
  it('asks for the project, then the chosen status and search, and shows what comes back', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost')
      if (url.searchParams.get('search') === 'vat') return json(200, page([]))
      if (url.searchParams.get('status') === 'resolved')
        return json(200, page([ticket({ id: 12, title: 'Wrong VAT rate', status: 'resolved' })]))
      return json(200, page([ticket()]))
    })
    renderWithProviders(<TicketPanel projectId={3} ticketId={null} onOpenTicket={() => {}} />)
    expect(await screen.findByText(/Checkout times out/)).toBeInTheDocument()
    expect(ticketListCalls()[0]?.searchParams.get('project')).toBe('3')
    expect(ticketListCalls()[0]?.searchParams.has('status')).toBe(false)

    const user = userEvent.setup()
    await user.click(screen.getByRole('combobox', { name: 'Status' }))
    // The dropdown is mid-transition in jsdom, so its options count as hidden.
    const options = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent)
    expect(options).toEqual(['All statuses', 'New', 'Open', 'In Progress', 'Resolved', 'Closed'])
    await user.click(screen.getByRole('option', { name: 'Resolved', hidden: true }))
    expect(await screen.findByText(/Wrong VAT rate/)).toBeInTheDocument()
    expect(screen.queryByText(/Checkout times out/)).not.toBeInTheDocument()

    await user.type(screen.getByPlaceholderText('Search tickets...'), 'vat')
    expect(await screen.findByText('No matching tickets')).toBeInTheDocument()
    const last = ticketListCalls().at(-1)
    expect(last?.searchParams.get('search')).toBe('vat')
    expect(last?.searchParams.get('status')).toBe('resolved')
  })

  it("shows 'Error Loading Tickets' with the status and a Retry that asks again", async () => {
    fetchMock.mockResolvedValueOnce(json(500, { detail: 'Internal server error.' }))
    fetchMock.mockResolvedValue(json(200, page([ticket()])))
    renderWithProviders(<TicketPanel projectId={3} ticketId={null} onOpenTicket={() => {}} />)
    expect(await screen.findByText(supportMessages.errorLoadingTickets)).toBeInTheDocument()
    expect(screen.getByText('HTTP error! status: 500')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText(/Checkout times out/)).toBeInTheDocument()
  })

  it("says 'Failed to fetch tickets' when the server cannot be reached", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    renderWithProviders(<TicketPanel projectId={3} ticketId={null} onOpenTicket={() => {}} />)
    expect(await screen.findByText(supportMessages.fetchTicketsFailed)).toBeInTheDocument()
  })
})

describe('ticket card', { timeout: SLOW_UI }, () => {
  it('shows the OVERDUE badge only for an overdue ticket and clamps the description to 2 lines', () => {
    const overdue = renderWithProviders(
      <TicketCard ticket={ticket({ is_overdue: true })} onOpen={() => {}} />,
    )
    expect(screen.getByTestId('overdue-badge')).toHaveTextContent('OVERDUE')
    expect(screen.getByTestId('ticket-description')).toHaveAttribute('data-line-clamp', 'true')
    expect(screen.getByTestId('ticket-description').getAttribute('style')).toContain('--text-line-clamp: 2')
    overdue.unmount()
    renderWithProviders(<TicketCard ticket={ticket({ is_overdue: false })} onOpen={() => {}} />)
    expect(screen.queryByTestId('overdue-badge')).not.toBeInTheDocument()
  })

  it('opens the ticket from its title with the keyboard', async () => {
    const onOpen = vi.fn()
    renderWithProviders(<TicketCard ticket={ticket()} onOpen={onOpen} />)
    screen.getByRole('button', { name: /Checkout times out/ }).focus()
    await userEvent.keyboard('{Enter}')
    expect(onOpen).toHaveBeenCalledWith(11)
  })
})

describe('ticket detail', { timeout: SLOW_UI }, () => {
  /** A server that keeps the comments posted to it. */
  function serveDetail() {
    const detail = ticketDetail()
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost')
      if (url.pathname === '/api/support/tickets/11/') return json(200, detail)
      if (url.pathname === '/api/support/comments/' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body))
        const comment = {
          id: 90 + detail.comments.length,
          ticket: 11,
          author: { first_name: 'Dana', last_name: 'Mercer', is_staff: false },
          content: body.content,
          is_internal: false,
          created_at: '2026-03-02T13:00:00Z',
          client_ref: body.client_ref,
        }
        detail.comments = [...detail.comments, comment]
        return json(201, comment)
      }
      return json(404, { detail: 'Not found.' })
    })
  }

  it('shows comments with the team badge, attachments and the activities the panel keeps', async () => {
    serveDetail()
    renderWithProviders(<TicketPanel projectId={3} ticketId={11} onOpenTicket={() => {}} />)
    const detail = await screen.findByTestId('ticket-detail')
    const comment = within(detail).getByTestId('comment')
    expect(comment).toHaveTextContent('We reproduced it.')
    expect(within(comment).getByText('Cypher Team')).toBeInTheDocument()
    expect(within(detail).getByTestId('attachment')).toHaveTextContent('log.txt')
    expect(within(detail).getByTestId('attachment')).toHaveTextContent('2 KB')
    expect(within(detail).getByText('Ticket created')).toBeInTheDocument()
    expect(within(detail).queryByText(/Escalated/)).not.toBeInTheDocument()
  })

  it('does not show a ticket of another project under this one', async () => {
    serveDetail()
    renderWithProviders(<TicketPanel projectId={4} ticketId={11} onOpenTicket={() => {}} />)
    expect(await screen.findByText('Ticket not found')).toBeInTheDocument()
    expect(screen.queryByTestId('ticket-detail')).not.toBeInTheDocument()
  })

  it('keeps Add Comment disabled until there is text, and sends it trimmed', async () => {
    serveDetail()
    const client = createTestQueryClient()
    registerSupportMutations(client)
    renderWithProviders(<TicketPanel projectId={3} ticketId={11} onOpenTicket={() => {}} />, client)
    const button = await screen.findByRole('button', { name: 'Add Comment' })
    expect(button).toBeDisabled()
    const user = userEvent.setup()
    await user.type(screen.getByRole('textbox', { name: 'Add a comment' }), '   ')
    expect(button).toBeDisabled()
    await user.click(screen.getByRole('textbox', { name: 'Add a comment' }))
    await user.paste(' Thanks! ')
    await user.click(button)
    expect(await screen.findByText(supportMessages.commentAdded)).toBeInTheDocument()
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      ticket: 11,
      content: 'Thanks!',
      is_internal: false,
    })
    expect(await screen.findByText('Thanks!')).toBeInTheDocument()
  })

  it('queues a comment written offline as pending and sends it when back online', async () => {
    serveDetail()
    const client = createTestQueryClient()
    registerSupportMutations(client)
    renderWithProviders(<TicketPanel projectId={3} ticketId={11} onOpenTicket={() => {}} />, client)
    await screen.findByTestId('ticket-detail')
    act(() => onlineManager.setOnline(false))
    const user = userEvent.setup()
    await user.click(screen.getByRole('textbox', { name: 'Add a comment' }))
    await user.paste('From the train')
    await user.click(screen.getByRole('button', { name: 'Add Comment' }))
    const pending = await screen.findByTestId('pending-comment')
    expect(pending).toHaveTextContent('From the train')
    expect(pending).toHaveTextContent(supportMessages.pending)
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)

    act(() => onlineManager.setOnline(true))
    await waitFor(() => expect(screen.queryByTestId('pending-comment')).not.toBeInTheDocument())
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1)
    expect(screen.getAllByTestId('comment').map((c) => c.textContent)).toEqual(
      expect.arrayContaining([expect.stringContaining('From the train')]),
    )
  })

  it('puts the text back and says so when the server refuses a comment', async () => {
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'POST' ? json(400, { detail: 'Invalid input.' }) : json(200, ticketDetail()),
    )
    const client = createTestQueryClient()
    registerSupportMutations(client)
    renderWithProviders(<TicketPanel projectId={3} ticketId={11} onOpenTicket={() => {}} />, client)
    const box = await screen.findByRole('textbox', { name: 'Add a comment' })
    await userEvent.type(box, 'Hello')
    await userEvent.click(screen.getByRole('button', { name: 'Add Comment' }))
    expect(await screen.findByText(supportMessages.commentFailed)).toBeInTheDocument()
    expect(box).toHaveValue('Hello')
  })
})

describe('create ticket form', { timeout: SLOW_UI }, () => {
  function serveForm(create: () => Response) {
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost')
      if (url.pathname === '/api/support/categories/') return json(200, page([{ id: 1, name: 'Bug Report' }]))
      if (url.pathname === '/api/support/tickets/' && init?.method === 'POST') return create()
      return json(200, page([ticket()]))
    })
  }

  it('is toggled by Create Ticket, needs title and description, and defaults the priority to medium', async () => {
    serveForm(() => json(201, ticketDetail({ id: 12 })))
    renderWithProviders(<TicketPanel projectId={3} ticketId={null} onOpenTicket={() => {}} />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Create Ticket' }))
    const submit = screen.getByRole('button', { name: 'Submit Ticket' })
    expect(submit).toBeDisabled()
    expect(screen.getByRole('combobox', { name: 'Priority' })).toHaveValue('Medium')
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), '  ')
    await user.click(screen.getByRole('textbox', { name: /^Description/ }))
    await user.paste('Details')
    await user.click(submit)
    expect(await screen.findAllByText(supportMessages.requiredFields)).not.toHaveLength(0)
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)

    await user.click(screen.getByRole('textbox', { name: /^Title/ }))
    await user.paste('Broken search')
    await user.click(submit)
    expect(await screen.findByText(supportMessages.created)).toBeInTheDocument()
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
    const form = post?.[1]?.body
    if (!(form instanceof FormData)) throw new Error('the ticket was not sent as multipart')
    expect(form.get('title')).toBe('Broken search')
    expect(form.get('priority')).toBe('medium')
    expect(form.get('project')).toBe('3')
    expect(form.has('category')).toBe(false)
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Submit Ticket' })).not.toBeInTheDocument(),
    )
  })

  it("keeps what was typed and shows the server's detail when creation fails", async () => {
    serveForm(() => json(404, { detail: 'Not found.' }))
    renderWithProviders(<TicketPanel projectId={3} ticketId={null} onOpenTicket={() => {}} />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Create Ticket' }))
    await user.click(screen.getByRole('textbox', { name: /^Title/ }))
    await user.paste('Broken search')
    await user.click(screen.getByRole('textbox', { name: /^Description/ }))
    await user.paste('Nothing is found')
    await user.click(screen.getByRole('button', { name: 'Submit Ticket' }))
    expect(await screen.findByText('Not found.')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('Broken search')
    expect(screen.getByRole('textbox', { name: /^Description/ })).toHaveValue('Nothing is found')
  })

  it('falls back to the spec text when the server cannot be reached, and is disabled offline', async () => {
    serveForm(() => {
      throw new TypeError('Failed to fetch')
    })
    renderWithProviders(<TicketPanel projectId={3} ticketId={null} onOpenTicket={() => {}} />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Create Ticket' }))
    await user.click(screen.getByRole('textbox', { name: /^Title/ }))
    await user.paste('Broken search')
    await user.click(screen.getByRole('textbox', { name: /^Description/ }))
    await user.paste('Nothing is found')
    await user.click(screen.getByRole('button', { name: 'Submit Ticket' }))
    expect(await screen.findByText(supportMessages.createFailed)).toBeInTheDocument()

    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
    try {
      act(() => void window.dispatchEvent(new Event('offline')))
      expect(await screen.findByText(supportMessages.offlineCreate)).toBeInTheDocument()
      expect(screen.getByRole('button', { name: 'Submit Ticket' })).toBeDisabled()
    } finally {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true })
      act(() => void window.dispatchEvent(new Event('online')))
    }
  })
})
