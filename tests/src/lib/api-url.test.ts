import { describe, expect, it, vi } from 'vitest'

const platform = vi.hoisted(() => ({ apiBaseUrl: '' }))
vi.mock('@/platform/current', () => ({ platform }))

const { apiFileUrl } = await import('../../../src/lib/api-url')
const { sanitizeHtml } = await import('../../../src/components/safe-html')

describe('files the API serves (issue 27: staff images on the desktop)', () => {
  it('stay root-relative on the web, where the API shares the page origin', () => {
    platform.apiBaseUrl = ''
    expect(apiFileUrl('/api/public/media/a.png')).toBe('/api/public/media/a.png')
  })

  it("go to the API's origin on the desktop; the app's own files and other sites stay as they are", () => {
    platform.apiBaseUrl = 'https://api.cypher.example'
    expect(apiFileUrl('/api/public/media/a.png')).toBe('https://api.cypher.example/api/public/media/a.png')
    expect(apiFileUrl('/images/placeholder.svg')).toBe('/images/placeholder.svg')
    expect(apiFileUrl('https://cdn.example/x.png')).toBe('https://cdn.example/x.png')
    expect(apiFileUrl(null)).toBeNull()
    expect(sanitizeHtml('<p><img src="/api/public/media/b.jpg" alt="b"></p>')).toContain(
      'src="https://api.cypher.example/api/public/media/b.jpg"',
    )
  })
})
