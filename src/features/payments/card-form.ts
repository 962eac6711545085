/**
 * The new-card form's rules (spec 001 §3, §5, §9): number at most 19 characters, CVC at most 4,
 * month 1–12, year from this year to nine years on, cardholder name optional, brand guessed from the
 * first digit.
 */
export const CARD_NUMBER_MAX_LENGTH = 19
export const CVC_MAX_LENGTH = 4
export const EXPIRY_YEAR_SPAN = 10

export const cardFormMessages = {
  missingDetails: 'Please fill in all card details.',
  invalidNumber: 'Please enter a valid card number.',
  invalidCvc: 'Please enter a valid security code.',
  expired: 'This card has expired.',
  addFailed: 'Failed to add card. Please try again.',
  added: 'Card added successfully!',
  removeFailed: 'Failed to remove card. Please try again.',
  removed: 'Card removed successfully!',
} as const

export type CardBrand = 'visa' | 'mastercard'

export interface CardFormValues {
  card_number: string
  cardholder_name: string
  /** '1'…'12', or '' before a choice. */
  exp_month: string
  /** A four-digit year, or '' before a choice. */
  exp_year: string
  cvc: string
  is_default: boolean
}

export const EMPTY_CARD: CardFormValues = {
  card_number: '',
  cardholder_name: '',
  exp_month: '',
  exp_year: '',
  cvc: '',
  is_default: false,
}

export function cardDigits(number: string): string {
  return number.replace(/\D/g, '')
}

/** The spec's guess: a number starting with 4 is visa, anything else mastercard. */
export function guessCardBrand(number: string): CardBrand {
  return cardDigits(number).startsWith('4') ? 'visa' : 'mastercard'
}

/** What the number field keeps of a keystroke or paste: digits in groups of four, at most 19 characters. */
export function formatCardNumber(input: string): string {
  const digits = cardDigits(input).slice(0, 19)
  return (digits.match(/.{1,4}/g) ?? []).join(' ').slice(0, CARD_NUMBER_MAX_LENGTH)
}

export function formatCvc(input: string): string {
  return cardDigits(input).slice(0, CVC_MAX_LENGTH)
}

export const EXPIRY_MONTHS = Array.from({ length: 12 }, (_, i) => i + 1)

/** This year and the nine after it. */
export function expiryYears(now = new Date()): number[] {
  const first = now.getFullYear()
  return Array.from({ length: EXPIRY_YEAR_SPAN }, (_, i) => first + i)
}

/** The Luhn checksum every card number carries; catches a mistyped digit before any gateway sees it. */
export function passesLuhn(number: string): boolean {
  const digits = cardDigits(number)
  let sum = 0
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return digits.length > 0 && sum % 10 === 0
}

/** The first problem with the card as typed, or null when it may be sent. */
export function checkCard(values: CardFormValues, now = new Date()): string | null {
  const digits = cardDigits(values.card_number)
  if (!digits || !values.exp_month || !values.exp_year || !values.cvc) return cardFormMessages.missingDetails
  if (
    values.card_number.length > CARD_NUMBER_MAX_LENGTH ||
    digits.length < 12 ||
    digits.length > 19 ||
    !passesLuhn(digits)
  ) {
    return cardFormMessages.invalidNumber
  }
  if (!/^\d{3,4}$/.test(values.cvc)) return cardFormMessages.invalidCvc
  const month = Number(values.exp_month)
  const year = Number(values.exp_year)
  const years = expiryYears(now)
  if (!Number.isInteger(month) || month < 1 || month > 12 || !years.includes(year)) {
    return cardFormMessages.missingDetails
  }
  if (year === now.getFullYear() && month < now.getMonth() + 1) return cardFormMessages.expired
  return null
}
