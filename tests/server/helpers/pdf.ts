import { expect } from 'vitest'

/** Checks a PDF's skeleton the way a reader walks it: header, xref offsets, trailer, startxref. */
export function parsePdf(pdf: Buffer) {
  const text = pdf.toString('latin1')
  expect(text.startsWith('%PDF-1.4\n')).toBe(true)
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true)
  const startxref = Number(/startxref\n(\d+)\n%%EOF\s*$/.exec(text)?.[1])
  expect(text.slice(startxref, startxref + 4)).toBe('xref')
  const [, first, size] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref)) ?? []
  expect(first).toBe('0')
  const entries = text
    .slice(startxref)
    .split('\n')
    .slice(2, 2 + Number(size))
  expect(entries[0]).toBe('0000000000 65535 f ')
  // Every in-use entry points at the start of its own object.
  entries.slice(1).forEach((entry, index) => {
    expect(entry).toMatch(/^\d{10} 00000 n $/)
    const offset = Number(entry.slice(0, 10))
    expect(text.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`)
  })
  expect(text).toMatch(new RegExp(`trailer\\n<< /Size ${size} /Root 1 0 R`))
  // Each content stream's declared length is its real length.
  for (const match of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = (match.index ?? 0) + match[0].length
    expect(text.slice(start + Number(match[1]), start + Number(match[1]) + 10)).toBe('\nendstream')
  }
  const shown = [...text.matchAll(/\((.*?)(?<!\\)\) Tj/g)].map((m) => m[1]?.replace(/\\([()\\])/g, '$1'))
  return { text, shown, pages: Number(/\/Type \/Pages .*\/Count (\d+)/.exec(text)?.[1]) }
}
