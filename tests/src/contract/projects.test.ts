import { describe, expect, it } from 'vitest'
import { projectSlug } from '../../../src/contract/projects'

describe('projectSlug', () => {
  it('projectSlug prefers the key and slugifies names otherwise', () => {
    expect(projectSlug({ key: 'nile-commerce', name: 'Nile Commerce' })).toBe('nile-commerce')
    expect(projectSlug({ key: null, name: 'Café Délice: Orders & Tables!' })).toBe(
      'cafe-delice-orders-and-tables',
    )
    expect(projectSlug({ key: '  ', name: 'HR Pulse' })).toBe('hr-pulse')
  })
})
