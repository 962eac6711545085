import { expect, test, type Page } from '@playwright/test'
import { DEMO, openFormPage, signInThroughForm, uniqueEmail } from './fixtures'

/** The sandbox's card that succeeds (server/adapters/payments/sandbox.ts). */
const SUCCEEDS = '4242424242424242'
const PASSWORD = 'Friend!Invite2026'

// Two accounts, a mail, a checkout and the gateway's notification: more than the default 45 s on a loaded machine.
test.describe.configure({ timeout: 150_000 })

/** REFERRAL_HOLD_DAYS as the e2e server runs it (the default). */
const HOLD_DAYS = 14

/** A date as the wallet writes it (src/lib/format.ts formatDate). */
const walletDate = (date: Date) =>
  new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date)

/** The friend's first purchase: a domain order (at least REFERRAL_MIN_PURCHASE, not a top-up), paid by card. */
async function payDomainOrder(page: Page, domainName: string) {
  await page.goto(`/domain-register?domain=${domainName}`)
  await expect(page.getByRole('heading', { name: 'Register Domain' })).toBeVisible()
  await page.getByRole('button', { name: 'Next' }).click()
  for (const [field, value] of [
    ['Phone', '+1.3125550199'],
    ['Address', '233 S Wacker Dr'],
    ['City', 'Chicago'],
    ['State', 'IL'],
    ['ZIP', '60606'],
  ] as const) {
    const input = page.getByRole('textbox', { name: field })
    if ((await input.inputValue()).trim() === '') await input.fill(value)
  }
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByTestId('order-total')).toHaveText('$18.98')
  await page.getByRole('checkbox', { name: /I agree to the/ }).check()
  await page.getByRole('button', { name: 'Create Order' }).click()
  await expect(page.getByText('Order created successfully! Please proceed with payment.')).toBeVisible()
  await page.getByRole('button', { name: 'Pay $18.98' }).click()
  await expect(page).toHaveURL(/\/sandbox\/payments\//)
  await page.getByLabel('Card number').fill(SUCCEEDS)
  await page.getByLabel('Month').fill('12')
  await page.getByLabel('Year').fill(String(new Date().getUTCFullYear() + 2))
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: /^Pay / }).click()
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
  await expect(page.getByTestId('order-status')).toHaveText('paid')
}

test('the demo client invites a friend by e-mail; the friend registers through the link, verifies the address and pays a first order, and the reward waits on hold with its date', async ({
  page,
  browser,
}) => {
  const friendEmail = uniqueEmail('friend')

  // The referrer: the demo client, on the dashboard's 'Refer a Friend'.
  await signInThroughForm(page, DEMO)
  await page.goto('/dashboard')
  await page.getByRole('button', { name: 'Refer a Friend' }).click()
  const dialog = page.getByRole('dialog', { name: 'Refer a Friend' })
  await dialog.getByLabel("Friend's email").fill(friendEmail)
  await dialog.getByRole('button', { name: 'Send Invitation' }).click()
  await expect(page.getByText('Invitation sent successfully!')).toBeVisible()
  await dialog.getByRole('tab', { name: 'My Referrals' }).click()
  await expect(dialog.getByText(friendEmail)).toBeVisible()

  // The invitation arrives in the sandbox outbox with the referrer's link.
  const friendContext = await browser.newContext()
  const friend = await friendContext.newPage()
  await friend.goto('/sandbox/outbox')
  const mail = friend
    .locator('article', { hasText: friendEmail })
    .filter({ hasText: 'invited you to Cypher' })
  await expect(mail.first()).toBeVisible()
  const found = /https?:\/\/\S+\/register\?ref=[A-Z0-9]+/.exec((await mail.first().textContent()) ?? '')?.[0]
  if (!found) throw new Error('the invitation carries no link')
  const link = new URL(found)
  const code = link.searchParams.get('ref') ?? ''

  // The friend follows the link: the registration page carries the code.
  await openFormPage(friend, `${link.pathname}${link.search}`)
  await expect(friend.getByTestId('referral-notice')).toContainText(code)
  await friend.getByLabel('First name').fill('Farah')
  await friend.getByLabel('Last name').fill('Friend')
  await friend.getByLabel('Email').fill(friendEmail)
  await friend.getByLabel(/^Password/).fill(PASSWORD)
  await friend.getByLabel('Confirm password').fill(PASSWORD)
  await friend.getByRole('checkbox', { name: /I agree to the/ }).check()
  await friend.getByRole('button', { name: 'Create Account' }).click()
  await expect(friend).toHaveURL(/\/dashboard/)

  // The referrer sees the friend registered.
  await page.reload()
  await page.getByRole('button', { name: 'Refer a Friend' }).click()
  await page
    .getByRole('dialog', { name: 'Refer a Friend' })
    .getByRole('tab', { name: 'My Referrals' })
    .click()
  await expect(
    page.getByRole('dialog', { name: 'Refer a Friend' }).getByText('Farah Friend', { exact: false }),
  ).toBeVisible()

  // The friend confirms the address with the link of the welcome e-mail.
  await friend.goto('/sandbox/outbox')
  const welcome = friend
    .locator('article', { hasText: friendEmail })
    .filter({ hasText: '/verify-email?token=' })
  await expect(welcome.first()).toBeVisible()
  const verifyLink = /\/verify-email\?token=[\w-]+/.exec(await welcome.first().innerText())?.[0] ?? ''
  expect(verifyLink).not.toBe('')
  await friend.goto(verifyLink)
  await expect(friend.getByRole('heading', { name: 'Your email address is verified.' })).toBeVisible()

  // The friend's first purchase: a domain ($18.98, at least REFERRAL_MIN_PURCHASE) paid by card.
  const paidFrom = new Date()
  await payDomainOrder(friend, `e2e-referral-${Date.now().toString(36)}.com`)
  const paidUntil = new Date()
  await friendContext.close()

  // The referrer's wallet: the reward waits REFERRAL_HOLD_DAYS, with the date it becomes available.
  const day = 86_400_000
  const dates = new Set([
    walletDate(new Date(paidFrom.getTime() + HOLD_DAYS * day)),
    walletDate(new Date(paidUntil.getTime() + HOLD_DAYS * day)),
  ])
  await page.goto('/wallet')
  await expect(page.getByRole('heading', { name: 'Client Wallet' })).toBeVisible()
  const held = page.getByRole('list', { name: 'Rewards on hold' }).getByRole('listitem').filter({
    hasText: 'Farah Friend',
  })
  await expect(held).toContainText('$10.00 for Farah Friend, available')
  const text = (await held.textContent()) ?? ''
  expect(
    [...dates].some((date) => text.includes(date)),
    `${text} names none of ${[...dates].join(', ')}`,
  ).toBe(true)
  // Held, not credited: no reward line in the referrer's transactions yet.
  await expect(
    page
      .getByTestId('transactions')
      .getByRole('row')
      .filter({ hasText: 'Farah Friend made a first purchase' }),
  ).toHaveCount(0)
})
