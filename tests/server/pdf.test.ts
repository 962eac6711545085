import { describe, expect, it } from 'vitest'
import { PdfDocument, textWidth, winAnsiBytes, wrapText } from '../../server/lib/pdf'
import { parsePdf } from './helpers/pdf'

describe('the PDF writer', () => {
  it('writes a document whose cross-reference table, lengths and trailer are right', () => {
    const doc = new PdfDocument({ title: 'Receipt (test)', author: 'Cypher', created: new Date('2026-11-24T05:00:00Z') })
    doc.addPage().text(50, 800, 'Hello (world) \\ back')
    doc.addPage().line(50, 50, 300, 50)
    const { text, shown, pages } = parsePdf(doc.toBuffer())
    expect(pages).toBe(2)
    expect(shown).toEqual(['Hello (world) \\ back'])
    expect(text).toContain('/Title (Receipt \\(test\\))')
    expect(text).toContain('/CreationDate (D:20261124050000Z)')
  })

  it('encodes text as WinAnsi and shows what the standard fonts cannot draw as "?"', () => {
    expect(winAnsiBytes('Café €5 – ok')).toEqual([...Buffer.from('Caf', 'latin1'), 0xe9, 0x20, 0x80, 0x35, 0x20, 0x96, 0x20, 0x6f, 0x6b])
    expect(winAnsiBytes('مرحبا')).toEqual([0x3f, 0x3f, 0x3f, 0x3f, 0x3f])
  })

  it('measures text with the Helvetica metrics and wraps it to a width', () => {
    // "Hi": H 722 + i 222 in Helvetica; in bold H 722 + i 278.
    expect(textWidth('Hi', 10)).toBeCloseTo(9.44)
    expect(textWidth('Hi', 10, 'bold')).toBeCloseTo(10)
    const lines = wrapText('one two three four five six seven', 60, 10)
    expect(lines.length).toBeGreaterThan(1)
    for (const line of lines) expect(textWidth(line, 10)).toBeLessThanOrEqual(60)
    expect(lines.join(' ')).toBe('one two three four five six seven')
    expect(wrapText('x'.repeat(40), 50, 10).join('')).toBe('x'.repeat(40))
  })
})
