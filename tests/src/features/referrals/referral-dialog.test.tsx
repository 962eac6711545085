import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { referralMessages } from '../../../../src/contract/referrals'
import { toast } from '../../../../src/components/toast'
import { ReferFriendButton } from '../../../../src/features/referrals/components/refer-friend-button'
import { REFERRAL_LIST_HEIGHT } from '../../../../src/features/referrals/components/referral-list'
import { json, page, stubFetch } from '../../helpers/http'
import { stubClipboard } from '../../helpers/clipboard'
import { referral, referralCode, referralStats } from '../../helpers/payment-fixtures'
import { renderWithProviders } from '../../helpers/render'
import { signedIn } from '../../helpers/session'
import { spyOnToasts } from '../../helpers/toasts'

const SLOW_UI = 20_000

const fetchMock = stubFetch()
const clipboard = stubClipboard()
spyOnToasts()
beforeEach(() => signedIn())

function serve(refer?: (body: unknown) => Response) {
  const invited: unknown[] = []
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname
    if (path === '/api/referrals/codes/my_code/') return json(200, referralCode)
    if (path === '/api/referrals/referrals/stats/') return json(200, referralStats)
    if (path === '/api/referrals/referrals/my_referrals/') {
      return json(
        200,
        page([
          referral(),
          referral({
            id: 2,
            referred_email: 'lee@example.com',
            status: 'pending',
            registered_at: null,
            referred_user: null,
          }),
        ]),
      )
    }
    if (path === '/api/referrals/referrals/refer/') {
      const body: unknown = JSON.parse(String(init?.body))
      invited.push(body)
      return refer ? refer(body) : json(201, { success: true, message: 'Invitation sent successfully!' })
    }
    return json(404, { detail: 'Not found.' })
  })
  return invited
}

async function openDialog() {
  renderWithProviders(<ReferFriendButton />)
  await userEvent.click(screen.getByRole('button', { name: 'Refer a Friend' }))
  return screen.findByRole('dialog')
}

describe('referral dialog', { timeout: SLOW_UI }, () => {
  it('opens on Invite Friends with the code, which copies', async () => {
    serve()
    const dialog = await openDialog()
    expect(within(dialog).getByRole('tab', { name: 'Invite Friends', selected: true })).toBeInTheDocument()
    expect(await within(dialog).findByTestId('referral-code')).toHaveTextContent('DANA2026')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy' }))
    expect(clipboard).toEqual(['DANA2026'])
    expect(toast.success).toHaveBeenCalledWith(referralMessages.codeCopied, 4000)
  })

  it("copies the invitation with 'Referral message copied to clipboard!' where there is no share sheet", async () => {
    serve()
    const dialog = await openDialog()
    await within(dialog).findByTestId('referral-code')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share' }))
    expect(clipboard[0]).toContain('DANA2026')
    expect(clipboard[0]).toContain(referralCode.share_url)
    expect(toast.success).toHaveBeenCalledWith(referralMessages.messageCopied, 4000)
  })

  it('checks the e-mail before sending: required, then a valid format', async () => {
    const invited = serve()
    const dialog = await openDialog()
    const send = within(dialog).getByRole('button', { name: 'Send Invitation' })
    await userEvent.click(send)
    expect(await within(dialog).findByText(referralMessages.emailRequired)).toBeInTheDocument()
    await userEvent.type(within(dialog).getByRole('textbox', { name: "Friend's email" }), 'not-an-email')
    await userEvent.click(send)
    expect(await within(dialog).findByText(referralMessages.emailInvalid)).toBeInTheDocument()
    expect(invited).toEqual([])
  })

  it('sends the invitation and shows the server message', async () => {
    const invited = serve()
    const dialog = await openDialog()
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: "Friend's email" }),
      'friend@example.com',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }))
    await screen.findByRole('dialog')
    expect(await within(dialog).findByRole('textbox', { name: "Friend's email" })).toHaveValue('')
    expect(invited).toEqual([{ email: 'friend@example.com' }])
    expect(toast.success).toHaveBeenCalledWith('Invitation sent successfully!', 4000)
  })

  it('shows a refusal after a cross mark and keeps what was typed', async () => {
    serve(() => json(400, { detail: referralMessages.alreadyMember }))
    const dialog = await openDialog()
    const field = within(dialog).getByRole('textbox', { name: "Friend's email" })
    await userEvent.type(field, 'member@example.com')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }))
    const message = referralMessages.serverError(referralMessages.alreadyMember)
    expect(await within(dialog).findByText(message)).toBeInTheDocument()
    expect(field).toHaveValue('member@example.com')
  })

  it("says 'Failed to send referral. Please try again later.' when the server cannot be reached", async () => {
    serve(() => {
      throw new TypeError('Failed to fetch')
    })
    const dialog = await openDialog()
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: "Friend's email" }),
      'friend@example.com',
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }))
    expect(await within(dialog).findByText(referralMessages.sendFailed)).toBeInTheDocument()
  })

  it('lists My Referrals with their statuses in a list that scrolls at 400 px', async () => {
    serve()
    const dialog = await openDialog()
    await userEvent.click(within(dialog).getByRole('tab', { name: 'My Referrals' }))
    const list = await within(dialog).findByTestId('referral-list')
    expect(within(list).getByText('Sami Haddad')).toBeInTheDocument()
    expect(within(list).getByText('lee@example.com')).toBeInTheDocument()
    expect(within(list).getByText('pending')).toBeInTheDocument()
    // Mantine writes 400 px as 25rem (at its default scale).
    const scroller = list.matches('[style*="max-height"]')
      ? list
      : list.querySelector('[style*="max-height"]')
    expect(scroller?.getAttribute('style')).toContain(`${REFERRAL_LIST_HEIGHT / 16}rem`)
    expect(within(dialog).getByTestId('referral-stats')).toHaveTextContent('3')
  })

  it("shows 'Failed to load referrals. Please try again.' when the list fails", async () => {
    fetchMock.mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://localhost').pathname
      if (path === '/api/referrals/referrals/my_referrals/')
        return json(500, { detail: 'Internal server error.' })
      return json(404, { detail: 'Not found.' })
    })
    const dialog = await openDialog()
    await userEvent.click(within(dialog).getByRole('tab', { name: 'My Referrals' }))
    expect(await within(dialog).findByText(referralMessages.loadFailed)).toBeInTheDocument()
  })
})
