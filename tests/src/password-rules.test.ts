import { describe, expect, it } from 'vitest'
import { registerRequestSchema, passwordChangeRequestSchema } from '../../src/contract/auth'
import { messages } from '../../src/contract/messages'
import {
  COMMON_PASSWORD_COUNT,
  guessableForms,
  isGuessablePassword,
  meetsPasswordRules,
  passwordMessages,
  personalWordsOf,
  selectCommonPasswords,
} from '../../src/contract/password'
import { checkPasswordChange, checkRegistration, type RegisterValues } from '../../src/features/auth/validate'
import { guessableCheck, loadCommonPasswords } from '../../src/lib/common-passwords'

const valid: RegisterValues = {
  first_name: 'Nour',
  last_name: 'Adel',
  email: 'nour@example.com',
  password: 'Str0ng!Pass',
  confirm_password: 'Str0ng!Pass',
  company_name: '',
  phone: '',
  accept_terms: true,
  newsletter: true,
}

describe('password rules in the contract', () => {
  it('needs 8 characters even when 4 of 5 criteria are met', () => {
    expect(meetsPasswordRules('Ab1!')).toBe(false)
    expect(meetsPasswordRules('Ab1!cdef')).toBe(true)
    expect(meetsPasswordRules('abcdefgh')).toBe(false)
  })

  it('are applied by the register and password-change schemas', () => {
    const short = registerRequestSchema.safeParse({
      email: 'a@b.co',
      first_name: 'A',
      last_name: 'B',
      password: 'Ab1!',
      confirm_password: 'Ab1!',
      accept_terms: true,
    })
    expect(short.success).toBe(false)
    expect(short.error?.issues.map((i) => i.message)).toContain(messages.strongerPassword)
    const change = passwordChangeRequestSchema.safeParse({
      current_password: 'x',
      new_password: 'Ab1!',
      confirm_password: 'Ab1!',
    })
    expect(change.error?.issues.map((i) => i.message)).toContain(messages.strongerPassword)
  })

  it('picks the 10,000 most common passwords of 4+ characters (cores of variants), lower case, without repeats', () => {
    const ranked = [
      '123456',
      'Password1',
      'password1',
      'iloveyou',
      ...Array.from({ length: 20_000 }, (_, i) => `word${i}xxx`),
    ]
    const chosen = selectCommonPasswords(ranked)
    expect(chosen).toHaveLength(COMMON_PASSWORD_COUNT)
    expect(chosen.slice(0, 3)).toEqual(['123456', 'password1', 'iloveyou'])
  })

  it('recognises a policy-compliant variant: digits and symbols around a common core, letters as digits', () => {
    const common = new Set(['qwerty', 'summer', 'password', 'dragon'])
    for (const variant of [
      'Qwerty123!',
      'Summer2024!',
      'Password1!',
      'P@ssw0rd99',
      '!!Dragon2024',
      'dr@g0n#1',
    ]) {
      expect(isGuessablePassword(variant, common), variant).toBe(true)
    }
    expect(guessableForms('P@ssw0rd1!')).toContain('password')
    // A core shorter than 4 letters is not looked up on its own.
    expect(isGuessablePassword('Ab#20262026', new Set(['ab']))).toBe(false)
    expect(isGuessablePassword('Str0ng!Pass', common)).toBe(false)
  })

  it('refuses common passwords in any case, context words and the own name with digits and symbols', () => {
    const common = new Set(['baseball1'])
    expect(isGuessablePassword('BaseBall1', common)).toBe(true)
    expect(isGuessablePassword('Cypher2026!', common)).toBe(true)
    expect(isGuessablePassword('Nour#2026', common, personalWordsOf(valid))).toBe(true)
    expect(isGuessablePassword('nour@2026', common, personalWordsOf({ email: 'nour@example.com' }))).toBe(
      true,
    )
    expect(isGuessablePassword('Str0ng!Pass', common, personalWordsOf(valid))).toBe(false)
  })
})

describe('renderer checks', () => {
  it('refuse a 4-character password on registration with the spec message', () => {
    expect(checkRegistration({ ...valid, password: 'Ab1!', confirm_password: 'Ab1!' })?.message).toBe(
      messages.strongerPassword,
    )
  })

  it('refuse a guessable password after the spec checks', () => {
    const problem = checkRegistration(
      { ...valid, password: 'Baseball1!', confirm_password: 'Baseball1!' },
      () => true,
    )
    expect(problem).toEqual({ message: passwordMessages.tooEasy, fields: ['password'] })
  })

  it('check a password change in order', () => {
    const values = {
      current_password: 'old',
      new_password: 'N3w!Passphrase',
      confirm_password: 'N3w!Passphrase',
    }
    expect(checkPasswordChange(values)).toBeNull()
    expect(checkPasswordChange({ ...values, current_password: '' })?.message).toBe(messages.requiredFields)
    expect(checkPasswordChange({ ...values, confirm_password: 'x' })?.message).toBe(
      messages.passwordsDoNotMatch,
    )
    expect(checkPasswordChange({ ...values, new_password: 'Ab1!', confirm_password: 'Ab1!' })?.message).toBe(
      messages.strongerPassword,
    )
  })

  it('load the same list the server uses, on demand', async () => {
    const list = await loadCommonPasswords()
    expect(list.size).toBe(COMMON_PASSWORD_COUNT)
    expect(list.has('baseball')).toBe(true)
    const guessable = await guessableCheck(['nour'])
    expect(guessable('Baseball1')).toBe(true)
    expect(guessable('Summer2024!')).toBe(true)
    expect(guessable('Str0ng!Pass')).toBe(false)
  })
})
