const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})
const egp = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'EGP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})
const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
})
const shortDateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

/** USD with 2 decimals: $1,234.50. */
export function formatUsd(amount: number): string {
  return usd.format(amount)
}

export function formatMoney(amount: number, currency: 'USD' | 'EGP' = 'USD'): string {
  return currency === 'EGP' ? egp.format(amount) : usd.format(amount)
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** en-US short form: Nov 21, 2026. Calendar dates (no time) are read in UTC so they never shift a day. */
export function formatDate(value: string | Date | null | undefined, fallback = 'N/A'): string {
  const date = toDate(value)
  return date ? shortDate.format(date) : fallback
}

export function formatDateTime(value: string | Date | null | undefined, fallback = 'N/A'): string {
  const date = toDate(value)
  return date ? shortDateTime.format(date) : fallback
}

/** Bytes, KB, MB, GB with up to 2 decimals: 1.5 MB. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes'
  const units = ['Bytes', 'KB', 'MB', 'GB']
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1)
  const value = bytes / 1024 ** exponent
  return `${parseFloat(value.toFixed(2))} ${units[exponent]}`
}
