import { describe, expect, it } from 'vitest'
import { truncateApiKey } from '../../../../src/features/apps/api-key'

describe('truncateApiKey', () => {
  it('shows an API key by its first 8 characters, and a missing one as Not available', () => {
    expect(truncateApiKey('cyk_1234567890')).toBe('cyk_1234...')
    expect(truncateApiKey(null)).toBe('Not available')
  })
})
