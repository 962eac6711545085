/**
 * A small PDF 1.4 writer for server-made documents (receipts): A4 pages with text in the standard
 * Helvetica fonts (WinAnsi encoding, so no font is embedded) and rules. Enough for a business document,
 * and no dependency: the objects, the cross-reference table and the trailer are written as the PDF
 * reference describes them.
 */

export const A4 = { width: 595.28, height: 841.89 }

type FontName = 'regular' | 'bold'

/** Advance widths (1/1000 em) of the printable ASCII characters 32..126 in Helvetica and Helvetica-Bold. */
const WIDTHS: Record<FontName, number[]> = {
  regular: [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
    556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
    500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
    556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
    278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
  ],
  bold: [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
    556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278,
    556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584,
    556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556,
    333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
  ],
}

/** Characters WinAnsi places outside Latin-1 (0x80..0x9F). */
const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '™': 0x99,
}

/** Text as WinAnsi bytes; characters the standard fonts cannot show become '?'. */
export function winAnsiBytes(text: string): number[] {
  const bytes: number[] = []
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 63
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) bytes.push(code)
    else if (WIN_ANSI_EXTRA[char] !== undefined) bytes.push(WIN_ANSI_EXTRA[char])
    else if (char === '\t') bytes.push(0x20)
    else bytes.push(0x3f)
  }
  return bytes
}

/** Width of a text in points at a font size. */
export function textWidth(text: string, size: number, font: FontName = 'regular'): number {
  const widths = WIDTHS[font]
  const units = winAnsiBytes(text).reduce((sum, byte) => sum + (byte >= 32 && byte <= 126 ? (widths[byte - 32] ?? 556) : 556), 0)
  return (units * size) / 1000
}

/** A PDF literal string: WinAnsi bytes with (, ) and \ escaped. */
function literal(text: string): string {
  return `(${winAnsiBytes(text)
    .map((byte) => {
      const char = String.fromCharCode(byte)
      return char === '(' || char === ')' || char === '\\' ? `\\${char}` : char
    })
    .join('')})`
}

const num = (value: number) => (Math.round(value * 100) / 100).toString()

export interface TextOptions {
  size?: number
  font?: FontName
  /** `x` is the left edge (default), the right edge or the centre. */
  align?: 'left' | 'right' | 'center'
  /** Grey level 0 (black) to 1 (white). */
  gray?: number
}

export class PdfPage {
  private readonly ops: string[] = []

  text(x: number, y: number, text: string, options: TextOptions = {}) {
    const size = options.size ?? 10
    const font = options.font ?? 'regular'
    const width = textWidth(text, size, font)
    const left = options.align === 'right' ? x - width : options.align === 'center' ? x - width / 2 : x
    this.ops.push(
      `BT ${num(options.gray ?? 0)} g /${font === 'bold' ? 'F2' : 'F1'} ${num(size)} Tf ${num(left)} ${num(y)} Td ${literal(text)} Tj ET`,
    )
  }

  line(x1: number, y1: number, x2: number, y2: number, options: { width?: number; gray?: number } = {}) {
    this.ops.push(
      `${num(options.gray ?? 0)} G ${num(options.width ?? 0.5)} w ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`,
    )
  }

  /** The page's content stream. */
  content(): string {
    return this.ops.join('\n')
  }
}

/** Splits a text into lines that fit a width (at word boundaries; a long word is cut). */
export function wrapText(text: string, width: number, size: number, font: FontName = 'regular'): string[] {
  const lines: string[] = []
  for (const paragraph of text.split('\n')) {
    let line = ''
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word
      if (textWidth(candidate, size, font) <= width) {
        line = candidate
        continue
      }
      if (line) lines.push(line)
      let rest = word
      while (textWidth(rest, size, font) > width && rest.length > 1) {
        let cut = rest.length - 1
        while (cut > 1 && textWidth(rest.slice(0, cut), size, font) > width) cut--
        lines.push(rest.slice(0, cut))
        rest = rest.slice(cut)
      }
      line = rest
    }
    lines.push(line)
  }
  return lines
}

/** PDF date: D:YYYYMMDDHHmmSSZ. */
function pdfDate(date: Date): string {
  return `D:${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`
}

export class PdfDocument {
  readonly pages: PdfPage[] = []

  constructor(private readonly info: { title: string; author: string; created: Date }) {}

  addPage(): PdfPage {
    const page = new PdfPage()
    this.pages.push(page)
    return page
  }

  toBuffer(): Buffer {
    const objects: string[] = []
    const pageCount = this.pages.length
    // 1 catalog, 2 page tree, 3 and 4 fonts, 5 info, then a page and its content per page.
    const pageIds = this.pages.map((_, index) => 6 + index * 2)
    objects.push('<< /Type /Catalog /Pages 2 0 R >>')
    objects.push(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageCount} >>`)
    objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>')
    objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>')
    objects.push(
      `<< /Title ${literal(this.info.title)} /Author ${literal(this.info.author)} /Producer (cypher-site) /CreationDate (${pdfDate(this.info.created)}) >>`,
    )
    this.pages.forEach((page, index) => {
      const contentId = (pageIds[index] ?? 0) + 1
      objects.push(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentId} 0 R >>`,
      )
      const stream = Buffer.from(page.content(), 'latin1')
      objects.push(`<< /Length ${stream.length} >>\nstream\n${stream.toString('latin1')}\nendstream`)
    })

    const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')]
    let offset = chunks[0]?.length ?? 0
    const offsets: number[] = []
    objects.forEach((body, index) => {
      offsets.push(offset)
      const chunk = Buffer.from(`${index + 1} 0 obj\n${body}\nendobj\n`, 'latin1')
      chunks.push(chunk)
      offset += chunk.length
    })
    const xref = [
      'xref',
      `0 ${objects.length + 1}`,
      '0000000000 65535 f \n' + offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join(''),
    ].join('\n')
    chunks.push(
      Buffer.from(
        `${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${offset}\n%%EOF\n`,
        'latin1',
      ),
    )
    return Buffer.concat(chunks)
  }
}
