import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PdfDocument } from '../../server/lib/pdf'
import { parsePdf } from './helpers/pdf'

const newDocument = () =>
  new PdfDocument({ title: 'Receipt (test)', author: 'Cypher', created: new Date('2026-11-24T05:00:00Z') })

/** The words poppler finds on the first page, with their left edge, left to right as printed. */
function wordsWithPositions(pdf: Buffer): Array<{ word: string; x: number; y: number }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'pdf-'))
  try {
    writeFileSync(path.join(folder, 'a.pdf'), pdf)
    const html = execFileSync('pdftotext', ['-bbox', path.join(folder, 'a.pdf'), '-'], { encoding: 'utf8' })
    return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((m) => ({
      x: Number(m[1]),
      y: Number(m[2]),
      word: m[3] ?? '',
    }))
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

describe('the PDF writer', () => {
  it('writes a document a reader opens: pages, title, text, embedded fonts', async () => {
    const doc = newDocument()
    doc.addPage().text(50, 800, 'Hello (world) \\ back')
    doc.addPage().line(50, 50, 300, 50)
    const { lines, pages, title, fonts } = parsePdf(await doc.toBuffer())
    expect(pages).toBe(2)
    expect(title).toBe('Receipt (test)')
    expect(lines).toEqual(['Hello (world) \\ back'])
    expect(fonts.some((name) => name.endsWith('+NotoSans-Regular'))).toBe(true)
  })

  it('prints Latin, Greek and Cyrillic names and WinAnsi signs as written', async () => {
    const doc = newDocument()
    const page = doc.addPage()
    page.text(50, 800, 'Łukasz Brzęczyszczykiewicz – Nguyễn Thị Ánh – Ελένη – Дмитрий – Café €5', {
      font: 'bold',
    })
    const { lines } = parsePdf(await doc.toBuffer())
    expect(lines).toEqual(['Łukasz Brzęczyszczykiewicz – Nguyễn Thị Ánh – Ελένη – Дмитрий – Café €5'])
  })

  it('prints Arabic joined and right to left, also inside a Latin line', async () => {
    const doc = newDocument()
    const page = doc.addPage()
    page.text(50, 800, 'محمد عبد الله', { size: 14 })
    page.text(50, 760, 'Billed to: شركة النيل للبرمجيات, Cairo', { size: 10 })
    const pdf = await doc.toBuffer()
    const { lines, fonts } = parsePdf(pdf)
    expect(lines[0]).toBe('محمد عبد الله')
    expect(fonts.some((name) => name.endsWith('+Amiri-Regular'))).toBe(true)

    // Right to left: the first word of the name is printed rightmost, the last leftmost.
    const name = wordsWithPositions(pdf).filter((word) => word.y < 60)
    expect(name).toHaveLength(3)
    const [left, middle, right] = [...name].sort((a, b) => a.x - b.x)
    expect([right?.word, middle?.word, left?.word].map((w) => [...(w ?? '')].reverse().join(''))).toEqual([
      'محمد',
      'عبد',
      'الله',
    ])
    // In a Latin line the Arabic words sit between their Latin neighbours, first word rightmost.
    const billed = wordsWithPositions(pdf)
      .filter((word) => word.y > 60)
      .sort((a, b) => a.x - b.x)
      .map(({ word }) =>
        /\p{Script=Arabic}/u.test(word) ? [...word.replace(',', '')].reverse().join('') : word,
      )
    // The comma after the company follows it on the right, before "Cairo".
    expect(billed).toEqual(['Billed', 'to:', 'للبرمجيات', 'النيل', 'شركة', 'Cairo'])
    // Joined: connected letter forms are narrower than the same letters standing alone.
    const joined = doc.textWidth('محمد', 14)
    const isolated = [...'محمد'].reduce((sum, letter) => sum + doc.textWidth(letter, 14), 0)
    expect(joined).toBeLessThan(isolated * 0.9)
  })

  it('measures text and wraps it to a width', async () => {
    const doc = newDocument()
    doc.addPage()
    expect(doc.textWidth('Hi', 10)).toBeGreaterThan(0)
    expect(doc.textWidth('Hi', 10, 'bold')).toBeGreaterThan(doc.textWidth('Hi', 10))
    const lines = doc.wrapText('one two three four five six seven', 60, 10)
    expect(lines.length).toBeGreaterThan(1)
    for (const line of lines) expect(doc.textWidth(line, 10)).toBeLessThanOrEqual(60)
    expect(lines.join(' ')).toBe('one two three four five six seven')
    expect(doc.wrapText('x'.repeat(40), 50, 10).join('')).toBe('x'.repeat(40))
    expect(doc.wrapText('شركة النيل للبرمجيات والخدمات الرقمية', 60, 10).join(' ')).toBe(
      'شركة النيل للبرمجيات والخدمات الرقمية',
    )
  })
})
