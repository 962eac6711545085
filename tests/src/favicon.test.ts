import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.join(import.meta.dirname, '../..')
const head = readFileSync(path.join(root, 'index.html'), 'utf8')

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file)
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

describe('the page icon (issue 31)', () => {
  // An SVG icon is drawn as a document of its own on the page's main thread: a 50–140 ms task on every
  // first load (Chromium trace, IsolatedSVGDocumentHost), which Lighthouse's mobile run counts four times
  // over as blocking time. A PNG is decoded off the main thread.
  it('is a raster image of the size it declares, never an SVG', () => {
    const icons = [...head.matchAll(/<link rel="icon"([^>]*)>/g)].map(([, attributes]) => attributes ?? '')
    expect(icons).toHaveLength(1)
    const [attributes = ''] = icons
    expect(attributes).toContain('type="image/png"')
    const href = /href="\/([^"]+)"/.exec(attributes)?.[1]
    const sizes = /sizes="(\d+)x(\d+)"/.exec(attributes)
    expect(href).toMatch(/\.png$/)
    expect(sizes).not.toBeNull()
    expect(pngSize(path.join(root, 'public', href ?? ''))).toEqual({
      width: Number(sizes?.[1]),
      height: Number(sizes?.[2]),
    })
  })
})
