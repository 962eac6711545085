/* The sandbox's test cards and its card form: which numbers it takes and what each one does. */

/** The test cards (Stripe's own test numbers). */
export const SANDBOX_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  /** Asks for an extra confirmation step (3-D Secure) before it succeeds or fails. */
  authenticate: '4000002760003184',
} as const
export const SANDBOX_DECLINE_REASON = 'Your card was declined.'
export const SANDBOX_AUTH_FAILED_REASON = 'The card holder did not complete authentication.'
/** A card that needs authentication, charged while the client is away (Stripe's `authentication_required`). */
export const SANDBOX_AUTH_REQUIRED_REASON =
  'Your card requires authentication, which cannot be done while you are away.'

export function digitsOnly(value: string): string {
  return value.replace(/[\s-]/g, '')
}

/** A card's brand the way the spec guesses it: 4… is Visa, otherwise Mastercard. */
export function brandOf(number: string): string {
  return number.startsWith('4') ? 'visa' : 'mastercard'
}

/** What is wrong with the card form, in words for the page; null when it names a test card properly. */
export function cardFormProblem(
  form: Record<string, string>,
  number: string,
  thisYear: number,
): string | null {
  const month = Number(form.exp_month)
  const year = Number(form.exp_year)
  return !number || !form.exp_month || !form.exp_year || !form.cvc
    ? 'Please fill in all card details.'
    : number.length > 19 || !/^\d+$/.test(number)
      ? 'Enter a card number of up to 19 digits.'
      : !Number.isInteger(month) || month < 1 || month > 12
        ? 'Expiry month must be from 1 to 12.'
        : !Number.isInteger(year) || year < thisYear || year > thisYear + 9
          ? `Expiry year must be from ${thisYear} to ${thisYear + 9}.`
          : !/^\d{3,4}$/.test(form.cvc)
            ? 'CVC must be 3 or 4 digits.'
            : !Object.values(SANDBOX_CARDS).includes(number as never)
              ? 'This is the sandbox: use one of the test cards listed below.'
              : null
}
