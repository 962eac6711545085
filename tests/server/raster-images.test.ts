import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { writeTwins } from '../../scripts/raster-images'

const scratch = await mkdtemp(path.join(os.tmpdir(), 'cypher-twins-'))
const web = path.join(scratch, 'web')
const cache = path.join(scratch, 'cache')
const square = (size: number, colour: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" fill="${colour}"/></svg>`

async function put(relative: string, content: string) {
  await mkdir(path.dirname(path.join(web, relative)), { recursive: true })
  await writeFile(path.join(web, relative), content)
}

/** The first pixel is this colour, give or take the lossy encoding. */
function expectColour(pixels: Buffer, [red, green, blue]: [number, number, number]) {
  const [r = -1, g = -1, b = -1] = pixels.subarray(0, 3)
  for (const [got, wanted] of [
    [r, red],
    [g, green],
    [b, blue],
  ])
    expect(Math.abs((got ?? -1) - (wanted ?? 0))).toBeLessThan(12)
}

afterAll(async () => {
  const { rm } = await import('node:fs/promises')
  await rm(scratch, { recursive: true, force: true })
})

describe('WebP twins of the shipped SVG pictures (issue 31)', () => {
  it('draws each picture and flag once, at its width, and keeps the placeholder and other files alone', async () => {
    await put('images/tech/logo.svg', square(64, '#09eb97'))
    await put('images/blog/cover.svg', square(1200, '#0b1120'))
    await put('images/placeholder.svg', square(64, '#333333'))
    await put(
      'flags/EG.svg',
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 513 342"><rect width="513" height="342" fill="#c00"/></svg>',
    )
    await put('assets/icon.svg', square(16, '#fff'))

    expect(await writeTwins(web, cache)).toEqual({ twins: 3, drawn: 3 })
    const logo = await sharp(await readFile(path.join(web, 'images/tech/logo.webp'))).metadata()
    expect([logo.format, logo.width, logo.height]).toEqual(['webp', 128, 128])
    const cover = await sharp(await readFile(path.join(web, 'images/blog/cover.webp'))).metadata()
    expect([cover.format, cover.width]).toEqual(['webp', 1200])
    const flag = await sharp(await readFile(path.join(web, 'flags/EG.webp'))).metadata()
    expect([flag.format, flag.width, flag.height]).toEqual(['webp', 64, 43])
    // The colours come through (a green logo stays green).
    const { data } = await sharp(await readFile(path.join(web, 'images/tech/logo.webp')))
      .raw()
      .toBuffer({ resolveWithObject: true })
    expectColour(data, [0x09, 0xeb, 0x97])
    const files = await readdir(web, { recursive: true })
    expect(files).not.toContain(path.join('images', 'placeholder.webp'))
    expect(files).not.toContain(path.join('assets', 'icon.webp'))
  })

  it('takes unchanged pictures from the cache on the next build and draws a changed one again', async () => {
    await put('images/tech/logo.svg', square(64, '#ff0000'))
    expect(await writeTwins(web, cache)).toEqual({ twins: 3, drawn: 1 })
    const { data } = await sharp(await readFile(path.join(web, 'images/tech/logo.webp')))
      .raw()
      .toBuffer({ resolveWithObject: true })
    expectColour(data, [0xff, 0, 0])
    expect(await writeTwins(web, cache)).toEqual({ twins: 3, drawn: 0 })
  })

  it('fails the build on a picture it cannot draw', async () => {
    await put('images/broken.svg', '<svg')
    await expect(writeTwins(web, cache)).rejects.toThrow()
  })
})
