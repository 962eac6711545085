import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { InboxItem } from '../../../../src/contract/inquiries-staff'
import { InboxPage } from '../../../../src/features/inquiries/components/staff/inbox-page'
import { json, page, stubApi } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'
import { signedIn } from '../../helpers/session'
import { spyOnToasts } from '../../helpers/toasts'

const SLOW_UI = 20_000

const { serve } = stubApi()

spyOnToasts()

describe('InboxPage', { timeout: SLOW_UI }, () => {
  const item: InboxItem = {
    id: 4,
    kind: 'contact-messages',
    name: 'Lina',
    email: 'lina@example.com',
    subject: 'Pricing',
    status: 'new',
    created_at: '2026-11-02T09:00:00Z',
    fields: [{ label: 'Message', value: 'How much is an app?' }],
    file: null,
  }

  it('opens a message, replies by e-mail and keeps the reply when sending fails', async () => {
    signedIn()
    const writes = serve({ '/api/staff/inbox/contact-messages/': page([item]) }, () =>
      json(502, { detail: 'The reply could not be sent. Please try again.' }),
    )
    await renderWithRouter(() => <InboxPage kind="contact-messages" onKind={() => {}} />, {
      path: '/staff/inbox',
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Pricing' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('How much is an app?')).toBeInTheDocument()
    const reply = within(dialog).getByLabelText(/^Reply to lina@example.com/)
    await userEvent.type(reply, 'About 10k.')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send reply' }))
    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]).toMatchObject({
      method: 'POST',
      path: '/api/staff/inbox/contact-messages/4/reply/',
      body: { subject: 'Re: Pricing', message: 'Hello Lina,\n\nAbout 10k.' },
    })
    expect(reply).toHaveValue('Hello Lina,\n\nAbout 10k.')
  })
})
