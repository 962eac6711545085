import { describe, expect, it } from 'vitest'
import { hasTwin, twinWidth } from '../../../scripts/raster-images'
import { shownImage } from '@/lib/shown-image'

describe('shownImage (issue 31)', () => {
  it('shows the WebP twin of a shipped SVG picture or flag', () => {
    expect(shownImage('/images/projects/souqly/banner.svg')).toBe('/images/projects/souqly/banner.webp')
    expect(shownImage('/images/blog/authors/nadia.svg')).toBe('/images/blog/authors/nadia.webp')
    expect(shownImage('/flags/EG.svg')).toBe('/flags/EG.webp')
  })

  it('shows anything else as it is: uploads, rasters, remote pictures, the placeholder, nothing', () => {
    for (const src of [
      '/api/public/media/shot.svg',
      '/images/team/photo.png',
      'https://cdn.example.com/images/logo.svg',
      '/images/placeholder.svg',
      '/images/x.svg?v=2',
      '/flags/egypt.svg',
      '',
      null,
      undefined,
    ])
      expect(shownImage(src)).toBe(src)
  })

  it('asks for a twin exactly where the build writes one', () => {
    for (const relative of [
      'images/projects/souqly/banner.svg',
      'images/office-map.svg',
      'flags/AE.svg',
      'images/placeholder.svg',
      'flags/egypt.svg',
      'images/team/photo.png',
      'icons/icon-192.png',
      'assets/logo.svg',
    ])
      expect(shownImage(`/${relative}`) !== `/${relative}`).toBe(hasTwin(relative))
  })

  it('draws small pictures at twice their size, large ones at theirs, flags at 64 px', () => {
    expect(twinWidth('images/tech/react.svg', 64)).toBe(128)
    expect(twinWidth('images/services/cloud.svg', 640)).toBe(1280)
    expect(twinWidth('images/blog/post.svg', 1200)).toBe(1200)
    expect(twinWidth('flags/EG.svg', 513)).toBe(64)
  })
})
