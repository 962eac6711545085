import { describe, expect, it } from 'vitest'
import { sanitizeHtml } from '../../../src/components/safe-html'

describe('sanitizeHtml', () => {
  it('keeps article markup and new-tab links, made safe with rel noopener', () => {
    const html = sanitizeHtml(
      '<p>Hi <a href="https://example.com" target="_blank">out</a></p><style>*{}</style><iframe src="x"></iframe>',
    )
    const link = new DOMParser().parseFromString(html, 'text/html').querySelector('a')
    expect(link?.getAttribute('target')).toBe('_blank')
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer')
    expect(html).not.toMatch(/style|iframe/)
  })
})
