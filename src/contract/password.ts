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

/**
 * Words that make a password easy to guess here: the company, the product and the words a portal's
 * sign-in page shows (ASVS 6.1.2). A password made of one of them plus digits or symbols is refused,
 * and so is one made of the user's own name or e-mail name.
 */
export const CONTEXT_WORDS = [
  'cypher',
  'cypherportal',
  'cyphersoftware',
  'portal',
  'clientportal',
  'client',
  'password',
  'passwd',
  'welcome',
  'admin',
  'administrator',
  'staff',
  'demo',
  'login',
  'signin',
  'letmein',
  'changeme',
  'secret',
  'software',
  'services',
] as const

/** How many of the most common passwords the renderer's early check holds (the server holds far more). */
export const COMMON_PASSWORD_COUNT = 10_000

/**
 * The shortest core of a password that is looked up on its own once the digits and symbols around it
 * are taken away ('Summer2024!' → 'summer'); shorter cores match too much to mean anything.
 */
export const MIN_CORE_LENGTH = 4

/**
 * Picks the renderer's list from a ranked list of common passwords: the first `count` that a password
 * can be or be built around (4 characters or more), lower-cased. The server holds the whole published
 * list; both check with `isGuessablePassword`.
 */
export function selectCommonPasswords(ranked: readonly string[], count = COMMON_PASSWORD_COUNT): string[] {
  const chosen = new Set<string>()
  for (const entry of ranked) {
    const lower = entry.toLowerCase()
    if (lower.length >= MIN_CORE_LENGTH) chosen.add(lower)
    if (chosen.size === count) break
  }
  return [...chosen]
}

/** Characters people put for letters ('P@ssw0rd'); '1' reads as i or l, so both are tried. */
const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '8': 'b',
  '(': 'c',
  '3': 'e',
  '6': 'g',
  '9': 'g',
  '!': 'i',
  '|': 'i',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
  '+': 't',
  '2': 'z',
}

const unleet = (text: string, one: 'i' | 'l') =>
  [...text].map((c) => (c === '1' ? one : (LEET[c] ?? c))).join('')

/**
 * What a password is looked up as: itself (lower-cased), and the core a policy-compliant variant is
 * built around: digits and symbols taken off both ends ('Qwerty123!' → 'qwerty'), then letters written
 * as digits or symbols read back ('P@ssw0rd1!' → 'password').
 */
export function guessableForms(password: string): string[] {
  const lower = password.toLowerCase()
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')
  const forms = new Set([lower])
  for (const text of [core, unleet(lower, 'i'), unleet(core, 'i'), unleet(core, 'l')]) {
    const trimmed = text.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')
    if (text.length >= MIN_CORE_LENGTH) forms.add(text)
    if (trimmed.length >= MIN_CORE_LENGTH) forms.add(trimmed)
  }
  return [...forms]
}

export const PASSWORD_MAX_LENGTH = 1024

export const passwordMessages = {
  tooEasy: 'This password is too easy to guess. Please choose another.',
  tooLong: `Passwords can be at most ${PASSWORD_MAX_LENGTH} characters.`,
} as const

/** The spec's two rules: at least 8 characters, and at least 3 of the 5 criteria (and at most 1024). */
export function meetsPasswordRules(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    scorePassword(password).score >= PASSWORD_MIN_SCORE
  )
}

/**
 * Whether a password is common or obvious: on the common list (any letter case), built around a common
 * password (`guessableForms`), or nothing but a context word or the user's own name once digits and
 * symbols are taken away.
 */
export function isGuessablePassword(
  password: string,
  commonPasswords: ReadonlySet<string>,
  personalWords: readonly string[] = [],
): boolean {
  const lower = password.toLowerCase()
  if (guessableForms(password).some((form) => commonPasswords.has(form))) return true
  const letters = lower.replace(/[^\p{L}]/gu, '')
  if (!letters) return false
  const words = [...CONTEXT_WORDS, ...personalWords.map((w) => w.toLowerCase().replace(/[^\p{L}]/gu, ''))]
  return words.some((word) => word.length >= 3 && letters === word)
}

/** The parts of a person's identity a password must not be built from: names and the e-mail's name. */
export function personalWordsOf(person: {
  email?: string
  first_name?: string
  last_name?: string
}): string[] {
  const local = person.email?.split('@')[0] ?? ''
  return [local, person.first_name ?? '', person.last_name ?? ''].filter(Boolean)
}
