import { render } from '@testing-library/react'
import jsQR from 'jsqr'
import { describe, expect, it } from 'vitest'
import { CertificateQr } from '../../../../src/features/certificates/components/certificate-qr'
import { creditHours, faceContent } from '../../../../src/features/certificates/components/certificate-face'

describe('the certificate face (spec §2.7)', () => {
  it('shows the description only up to 100 characters', () => {
    expect(faceContent({ course_description: 'x'.repeat(100), skills: [] }).description).toHaveLength(100)
    expect(faceContent({ course_description: 'x'.repeat(101), skills: [] }).description).toBeNull()
    expect(faceContent({ course_description: '  ', skills: [] }).description).toBeNull()
  })

  it('shows skills only when there are 1 to 6', () => {
    const skills = (n: number) => Array.from({ length: n }, (_, i) => `Skill ${i + 1}`)
    expect(faceContent({ course_description: '', skills: skills(0) }).skills).toBeNull()
    expect(faceContent({ course_description: '', skills: skills(1) }).skills).toHaveLength(1)
    expect(faceContent({ course_description: '', skills: skills(6) }).skills).toHaveLength(6)
    expect(faceContent({ course_description: '', skills: skills(7) }).skills).toBeNull()
  })

  it('shows credits as hours', () => {
    expect(creditHours(24)).toBe('24 hours')
    expect(creditHours(1)).toBe('1 hour')
    expect(creditHours(1.5)).toBe('1.5 hours')
  })
})

/** Draws the SVG's unit squares into pixels (8 per module) so a QR reader can scan them. */
function rasterise(svg: SVGSVGElement) {
  const extent = Number(svg.getAttribute('viewBox')?.split(' ')[2])
  const scale = 8
  const size = extent * scale
  const data = new Uint8ClampedArray(size * size * 4).fill(255)
  const d = svg.querySelector('path')?.getAttribute('d') ?? ''
  for (const [, x, y] of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy += 1) {
      for (let dx = 0; dx < scale; dx += 1) {
        const offset = ((Number(y) * scale + dy) * size + Number(x) * scale + dx) * 4
        data.fill(0, offset, offset + 3)
      }
    }
  }
  return { data, size }
}

describe('CertificateQr', () => {
  it('draws a code that a QR reader scans back to the verification address', () => {
    const url = 'https://cypher.example/certificate/CYP-2026-PROF-K7M2QX'
    const { container } = render(<CertificateQr value={url} size={104} />)
    const svg = container.querySelector('svg')
    if (!svg) throw new Error('no svg')
    const { data, size } = rasterise(svg)
    expect(jsQR(data, size, size)?.data).toBe(url)
  })
})
