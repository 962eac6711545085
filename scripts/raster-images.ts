// WebP twins of the site's own SVG images (issue 31). Chromium draws every SVG <img> as a document of
// its own on the page's main thread (20–140 ms each on a first load here, four times that in Lighthouse's
// mobile run); a WebP is decoded off the main thread. The build writes `x.webp` beside each
// `images/**/x.svg` and `flags/XX.svg` it ships; the renderer shows the twin (src/lib/shown-image.ts)
// and keeps the SVG for downloads and as the source. sharp (libvips with librsvg) draws and encodes.
import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'

/** Pictures up to this wide are drawn at twice their size (sharp on high-density screens); wider ones at theirs. */
const DOUBLED_UP_TO = 640
/** Flags are shown at most about 30 CSS pixels wide. */
const FLAG_WIDTH = 64
const QUALITY = 82
const EFFORT = 3
/** Part of each cached twin's key: a change of the drawing rules draws every twin again. */
const RULES = JSON.stringify([DOUBLED_UP_TO, FLAG_WIDTH, QUALITY, EFFORT])
/** The fallback image stays an SVG: it shows only when a picture failed. */
const KEPT_AS_SVG = new Set(['images/placeholder.svg'])

/** The width in pixels a twin is drawn at, from the SVG's own width and where it lives. */
export function twinWidth(relative: string, svgWidth: number): number {
  if (relative.startsWith('flags/')) return FLAG_WIDTH
  return svgWidth <= DOUBLED_UP_TO ? svgWidth * 2 : svgWidth
}

/** Whether a shipped file (path relative to the web root, with forward slashes) gets a WebP twin. */
export function hasTwin(relative: string): boolean {
  return /^(images\/.+|flags\/[A-Z]{2})\.svg$/.test(relative) && !KEPT_AS_SVG.has(relative)
}

/** Draws one SVG as WebP. */
export async function rasterize(relative: string, svg: Buffer): Promise<Buffer> {
  const { width } = await sharp(svg).metadata()
  if (!width) throw new Error(`${relative}: the SVG has no size`)
  const target = twinWidth(relative, width)
  return sharp(svg, { density: (72 * target) / width })
    .resize({ width: target })
    .webp({ quality: QUALITY, effort: EFFORT })
    .toBuffer()
}

/** Runs `work` over `items`, `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++] as T)
    }),
  )
}

/**
 * Writes the twin of every SVG under `webRoot` that has one. Twins are kept in `cacheDir` by the SVG's
 * content and the drawing rules, so a rebuild draws only what changed. Answers how many were drawn.
 */
export async function writeTwins(
  webRoot: string,
  cacheDir: string,
): Promise<{ twins: number; drawn: number }> {
  const entries = await readdir(webRoot, { recursive: true, withFileTypes: true })
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(webRoot, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter(hasTwin)
  await mkdir(cacheDir, { recursive: true })
  let drawn = 0
  await eachLimited(files, Math.max(2, os.availableParallelism()), async (relative) => {
    const svg = await readFile(path.join(webRoot, relative))
    const key = createHash('sha256')
      .update(`${RULES}:${relative.startsWith('flags/') ? 'flag' : 'picture'}:`)
      .update(svg)
      .digest('hex')
    const cached = path.join(cacheDir, `${key}.webp`)
    const draw = async () => {
      const drawnNow = await rasterize(relative, svg)
      await writeFile(cached, drawnNow)
      drawn++
      return drawnNow
    }
    const webp: Uint8Array = (await readFile(cached).catch(() => null)) ?? (await draw())
    await writeFile(path.join(webRoot, relative.replace(/\.svg$/, '.webp')), webp)
  })
  return { twins: files.length, drawn }
}
