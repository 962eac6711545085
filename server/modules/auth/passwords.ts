import { dictionary } from '@zxcvbn-ts/language-common'
import { isGuessablePassword, passwordMessages, selectCommonPasswords } from '@/contract/password'
import { badRequest } from '../../lib/errors'

let common: ReadonlySet<string> | undefined

/** The 10,000 most common passwords of 8+ characters from zxcvbn-ts' ranked list, built on first use. */
export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(selectCommonPasswords(dictionary['passwords-common']))
  return common
}

/**
 * Refuses a new password that is common or built from a context word or the person's own name,
 * as a field error on `field` (the length and strength rules are checked by the request schema).
 */
export function assertNotGuessable(password: string, personalWords: string[], field: string) {
  if (isGuessablePassword(password, commonPasswords(), personalWords)) {
    throw badRequest('Invalid input.', { [field]: [passwordMessages.tooEasy] })
  }
}
