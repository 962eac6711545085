import { describe, expect, it } from 'vitest'
import { DNS_TEMPLATES, templateRecords } from '../../../src/contract/domains'

describe('template text', () => {
  it('puts a GitHub user name holding $-patterns into the DNS template as it was typed', () => {
    const github = DNS_TEMPLATES.find((t) => t.id === 'github-pages')
    if (!github) throw new Error('no GitHub Pages template')
    const values = templateRecords(github, 'example.com', "a$`b$'c$&").map((r) => r.value)
    expect(values.some((v) => v.includes("a$`b$'c$&"))).toBe(true)
    expect(values.join(' ')).not.toContain('{github_user}')
  })
})
