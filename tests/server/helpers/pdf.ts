import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect } from 'vitest'

/** Runs a poppler tool (poppler-utils) on a PDF and answers what it prints. */
function poppler(tool: 'pdftotext' | 'pdfinfo' | 'pdffonts', pdf: Buffer, args: string[] = []): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'pdf-'))
  try {
    const file = path.join(folder, 'document.pdf')
    writeFileSync(file, pdf)
    return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], {
      encoding: 'utf8',
    })
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

/**
 * Reads a PDF back the way a reader does (poppler's pdftotext, pdfinfo, pdffonts): a document that does
 * not parse fails here. `text` is the extracted text in reading order (bidi marks removed), `lines` its
 * lines, `fonts` the fonts it uses (every one must be embedded).
 */
export function parsePdf(pdf: Buffer) {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  const info = poppler('pdfinfo', pdf)
  const text = poppler('pdftotext', pdf).replace(/[\u202a-\u202e\u2066-\u2069]/g, '')
  const fonts = poppler('pdffonts', pdf)
    .split('\n')
    .slice(2)
    .filter(Boolean)
    .map((line) => {
      const columns = line.trim().split(/\s+/)
      return { name: columns[0] ?? '', embedded: columns.at(-5) === 'yes' }
    })
  for (const font of fonts) expect(font, `font ${font.name} is embedded`).toMatchObject({ embedded: true })
  return {
    text,
    lines: text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    fonts: fonts.map((font) => font.name),
    pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]),
    title: /^Title:\s+(.*)$/m.exec(info)?.[1],
  }
}
