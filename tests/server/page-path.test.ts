import { describe, expect, it } from 'vitest'
import { decodePathSegment, pageSlug } from '../../server/lib/page-path'

describe('pageSlug', () => {
  it('reads the decoded slug of a page in its section', () => {
    expect(pageSlug('/blog/zero-trust', 'blog')).toBe('zero-trust')
    expect(pageSlug('/projects/caf%C3%A9', 'projects')).toBe('café')
  })

  it('is null for other sections, deeper paths, the section itself and malformed escapes', () => {
    expect(pageSlug('/careers/zero-trust', 'blog')).toBeNull()
    expect(pageSlug('/blog/a/b', 'blog')).toBeNull()
    expect(pageSlug('/blog/', 'blog')).toBeNull()
    expect(pageSlug('/blog', 'blog')).toBeNull()
    expect(pageSlug('/blogs/x', 'blog')).toBeNull()
    expect(pageSlug('/blog/%E0%A4', 'blog')).toBeNull()
  })
})

describe('decodePathSegment', () => {
  it('decodes percent-escapes and refuses broken ones', () => {
    expect(decodePathSegment('a%20b')).toBe('a b')
    expect(decodePathSegment('%')).toBeNull()
  })
})
