/**
 * Server-made documents (receipts) through pdfkit: A4 pages, text in embedded Noto Sans and Noto Sans
 * Arabic (from the @fontsource packages), shaped by fontkit (Arabic letters joined) and ordered right to
 * left where the Unicode bidirectional algorithm says so (bidi-js). Coordinates are PDF points from the
 * bottom-left corner, `y` being the text's baseline.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import bidiFactory from 'bidi-js'
import * as fontkit from 'fontkit'
import PDFDocument from 'pdfkit'

export const A4 = { width: 595.28, height: 841.89 }

export type FontName = 'regular' | 'bold'

const require = createRequire(import.meta.url)
const bidi = bidiFactory()

/**
 * The faces tried for each character, in order: Latin first (its digits and punctuation serve every
 * script), then Latin Extended, Vietnamese, Greek, Cyrillic, Arabic. @fontsource ships each script of a
 * family as its own file.
 */
const FACES = [
  ['noto-sans', 'latin'],
  ['noto-sans', 'latin-ext'],
  ['noto-sans', 'vietnamese'],
  ['noto-sans', 'greek'],
  ['noto-sans', 'cyrillic'],
  ['amiri', 'arabic'],
] as const

interface Face {
  /** The name the face is registered under in a document. */
  key: string
  data: Buffer
  font: fontkit.Font
}

let loaded: Record<FontName, Face[]> | undefined

/** The font files, read and parsed once per process. */
function faces(): Record<FontName, Face[]> {
  loaded ??= {
    regular: FACES.map(([family, subset]) => loadFace(family, subset, 400)),
    bold: FACES.map(([family, subset]) => loadFace(family, subset, 700)),
  }
  return loaded
}

function loadFace(family: string, subset: string, weight: number): Face {
  const data = readFileSync(
    require.resolve(`@fontsource/${family}/files/${family}-${subset}-${weight}-normal.woff`),
  )
  const font = fontkit.create(data)
  if (!('hasGlyphForCodePoint' in font)) throw new Error(`${family} ${subset} is a font collection`)
  return { key: `${family}-${subset}-${weight}`, data, font }
}

/** A piece of a line drawn with one face, in visual order; `text` is in logical order. */
interface Segment {
  text: string
  face: Face
  rtl: boolean
}

const isStrongRtl = (char: string) => {
  const type = bidi.getBidiCharTypeName(char)
  return type === 'R' || type === 'AL'
}

/**
 * One line of text as segments in the order they are drawn, left to right: the bidi embedding levels
 * of the line (base direction from its first strong character), runs of one level and one face, runs
 * reordered by the algorithm's rule L2. fontkit reverses the glyphs of an Arabic run itself; a
 * right-to-left run of other characters (neutrals between Arabic words) is reversed and mirrored here.
 */
function segmentsOf(line: string, font: FontName): Segment[] {
  const chars = Array.from(line.normalize('NFC').replace(/[\t\r\n]/g, ' '))
  if (chars.length === 0) return []
  const text = chars.join('')
  const { levels } = bidi.getEmbeddingLevels(text)
  const available = faces()[font]
  const fallback = available[0] as Face
  // Code-unit index of each character, to read its level.
  const units: number[] = []
  chars.reduce((at, char) => (units.push(at), at + char.length), 0)

  const runs: Array<{ level: number; face: Face; chars: string[]; start: number }> = []
  let previous: Face | undefined
  chars.forEach((char, index) => {
    const code = char.codePointAt(0) ?? 32
    const level = levels[units[index] ?? 0] ?? 0
    // A neutral keeps the face of the character before it when that face has it (one shaping run).
    const face =
      (previous?.font.hasGlyphForCodePoint(code) && !/\p{L}/u.test(char) ? previous : undefined) ??
      available.find((candidate) => candidate.font.hasGlyphForCodePoint(code)) ??
      fallback
    previous = face
    const last = runs.at(-1)
    if (last && last.level === level && last.face === face) last.chars.push(char)
    else runs.push({ level, face, chars: [char], start: index })
  })

  // L2: from the highest level to the lowest odd one, reverse every sequence of runs at that level or above.
  const highest = Math.max(...runs.map((run) => run.level))
  const lowestOdd = Math.min(...runs.map((run) => (run.level % 2 === 1 ? run.level : highest + 1)))
  for (let level = highest; level >= lowestOdd && level > 0; level--) {
    for (let start = 0; start < runs.length; start++) {
      if ((runs[start]?.level ?? 0) < level) continue
      let end = start
      while (end + 1 < runs.length && (runs[end + 1]?.level ?? 0) >= level) end++
      runs.splice(start, end - start + 1, ...runs.slice(start, end + 1).reverse())
      start = end
    }
  }

  const mirrors = bidi.getMirroredCharactersMap(text, levels)
  return runs.map((run) => {
    const rtl = run.level % 2 === 1
    if (!rtl || run.chars.some(isStrongRtl)) return { text: run.chars.join(''), face: run.face, rtl }
    const mirrored = run.chars.map((char, offset) => mirrors.get(units[run.start + offset] ?? 0) ?? char)
    return { text: mirrored.reverse().join(''), face: run.face, rtl }
  })
}

/**
 * Given any features, pdfkit shapes a segment as one run; without, it shapes word by word and puts the
 * words left to right, which reverses the word order of right-to-left text. Kerning is on by default.
 */
const SHAPING_FEATURES: PDFKit.Mixins.OpenTypeFeatures[] = ['kern']

export interface TextOptions {
  size?: number
  font?: FontName
  /** `x` is the left edge (default), the right edge or the centre. */
  align?: 'left' | 'right' | 'center'
  /** Grey level 0 (black) to 1 (white). */
  gray?: number
}

const grayColor = (gray: number) => {
  const level = Math.round(Math.min(1, Math.max(0, gray)) * 255)
  return [level, level, level] as [number, number, number]
}

/** One page of a document; drawing on it after later pages were added still lands on it. */
export class PdfPage {
  constructor(
    private readonly owner: PdfDocument,
    private readonly index: number,
  ) {}

  text(x: number, y: number, text: string, options: TextOptions = {}) {
    this.owner.draw(this.index, x, y, text, options)
  }

  line(x1: number, y1: number, x2: number, y2: number, options: { width?: number; gray?: number } = {}) {
    const doc = this.owner.select(this.index)
    doc
      .save()
      .lineWidth(options.width ?? 0.5)
      .strokeColor(grayColor(options.gray ?? 0))
      .moveTo(x1, A4.height - y1)
      .lineTo(x2, A4.height - y2)
      .stroke()
      .restore()
  }
}

export class PdfDocument {
  readonly pages: PdfPage[] = []
  private readonly doc: PDFKit.PDFDocument

  constructor(info: { title: string; author: string; created: Date }) {
    this.doc = new PDFDocument({
      autoFirstPage: false,
      bufferPages: true,
      size: [A4.width, A4.height],
      margin: 0,
      info: { Title: info.title, Author: info.author, Producer: 'cypher-site', CreationDate: info.created },
    })
    for (const face of [...faces().regular, ...faces().bold]) this.doc.registerFont(face.key, face.data)
  }

  addPage(): PdfPage {
    this.doc.addPage({ size: [A4.width, A4.height], margin: 0 })
    const page = new PdfPage(this, this.pages.length)
    this.pages.push(page)
    return page
  }

  /** @internal The pdfkit document with page `index` current. */
  select(index: number): PDFKit.PDFDocument {
    this.doc.switchToPage(index)
    return this.doc
  }

  /** Width of a line of text in points. */
  textWidth(text: string, size: number, font: FontName = 'regular'): number {
    return segmentsOf(text, font).reduce((sum, segment) => sum + this.segmentWidth(segment, size), 0)
  }

  private segmentWidth(segment: Segment, size: number): number {
    return this.doc
      .font(segment.face.key)
      .fontSize(size)
      .widthOfString(segment.text, { features: SHAPING_FEATURES })
  }

  /** @internal */
  draw(index: number, x: number, y: number, text: string, options: TextOptions) {
    const size = options.size ?? 10
    const segments = segmentsOf(text, options.font ?? 'regular')
    const widths = segments.map((segment) => this.segmentWidth(segment, size))
    const width = widths.reduce((sum, w) => sum + w, 0)
    let left = options.align === 'right' ? x - width : options.align === 'center' ? x - width / 2 : x
    const doc = this.select(index)
    doc.fillColor(grayColor(options.gray ?? 0))
    segments.forEach((segment, at) => {
      doc
        .font(segment.face.key)
        .fontSize(size)
        .text(segment.text, left, A4.height - y, {
          lineBreak: false,
          baseline: 'alphabetic',
          features: SHAPING_FEATURES,
        })
      left += widths[at] ?? 0
    })
  }

  /** Splits a text into lines that fit a width (at word boundaries; a long word is cut). */
  wrapText(text: string, width: number, size: number, font: FontName = 'regular'): string[] {
    const lines: string[] = []
    const fits = (candidate: string) => this.textWidth(candidate, size, font) <= width
    for (const paragraph of text.split('\n')) {
      let line = ''
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word
        if (fits(candidate)) {
          line = candidate
          continue
        }
        if (line) lines.push(line)
        let rest = Array.from(word)
        while (rest.length > 1 && !fits(rest.join(''))) {
          let cut = rest.length - 1
          while (cut > 1 && !fits(rest.slice(0, cut).join(''))) cut--
          lines.push(rest.slice(0, cut).join(''))
          rest = rest.slice(cut)
        }
        line = rest.join('')
      }
      lines.push(line)
    }
    return lines
  }

  /** The finished document. */
  toBuffer(): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = []
      this.doc.on('data', (chunk: Buffer) => chunks.push(chunk))
      this.doc.on('end', () => resolve(Buffer.concat(chunks)))
      this.doc.on('error', reject)
      this.doc.flushPages()
      this.doc.end()
    })
  }
}
