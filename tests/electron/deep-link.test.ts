import { describe, expect, it } from 'vitest'
import { findDeepLink, parseDeepLink } from '../../electron/deep-link'

describe('parseDeepLink', () => {
  it.each([
    ['cypher://payment/success/42', '/payment/success/42'],
    ['cypher:///payment/success/42', '/payment/success/42'],
    ['cypher://payment/fail', '/payment/fail'],
    ['cypher://payment-success?order_id=17', '/payment-success?order_id=17'],
    ['cypher://dashboard?tab=domains', '/dashboard?tab=domains'],
    ['cypher://project/12', '/project/12'],
    ['cypher://certificate/CYP-2026-TRN-000123', '/certificate/CYP-2026-TRN-000123'],
  ])('opens %s at %s', (link, path) => {
    expect(parseDeepLink(link)).toBe(path)
  })

  it.each([
    'https://cypher.example/dashboard',
    'cypher://unknown/place',
    'cypher://project/abc',
    'cypher://payment/success/../../etc',
    'cypher://payment/success/%2e%2e',
    'other://payment/success/1',
    'not a url',
  ])('ignores %s', (link) => {
    expect(parseDeepLink(link)).toBeNull()
  })

  it('finds the link among command-line arguments', () => {
    expect(findDeepLink(['/opt/Cypher/cypher', '--no-sandbox', 'cypher://wallet'])).toBe('/wallet')
    expect(findDeepLink(['/opt/Cypher/cypher'])).toBeNull()
  })
})
