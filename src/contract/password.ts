/** Password strength as the spec counts it: five criteria, one point each (spec 001 §5, 002 §5). */
export const PASSWORD_CRITERIA = [
  { key: 'length', label: 'At least 8 characters', test: (p: string) => p.length >= 8 },
  { key: 'lowercase', label: 'One lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { key: 'uppercase', label: 'One uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { key: 'digit', label: 'One number', test: (p: string) => /\d/.test(p) },
  { key: 'special', label: 'One special character', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MIN_SCORE = 3

export type PasswordStrengthLabel = 'Weak' | 'Medium' | 'Strong'

export interface PasswordStrength {
  score: number
  label: PasswordStrengthLabel
  missing: string[]
}

export function scorePassword(password: string): PasswordStrength {
  const missing: string[] = []
  let score = 0
  for (const criterion of PASSWORD_CRITERIA) {
    if (criterion.test(password)) score += 1
    else missing.push(criterion.label)
  }
  // Weak at 1 or less, Medium at 2-3, Strong at 4-5.
  const label: PasswordStrengthLabel = score <= 1 ? 'Weak' : score <= 3 ? 'Medium' : 'Strong'
  return { score, label, missing }
}
