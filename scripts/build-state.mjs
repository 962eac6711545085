// Decides whether the production build is older than the sources it is made from.
import { existsSync, statSync } from 'node:fs'
import { readdir, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'

export const root = path.resolve(import.meta.dirname, '..')
export const distDir = path.resolve(root, process.env.CYPHER_DIST ?? 'dist')
const stampFile = path.join(distDir, '.build-stamp')
const inputs = [
  'src',
  'server',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'scripts/build-server.mjs',
  'scripts/prerender.mjs',
  'scripts/raster-images.ts',
]

async function newestMtime(target) {
  const info = await stat(target).catch(() => null)
  if (!info) return 0
  if (!info.isDirectory()) return info.mtimeMs
  let newest = 0
  for (const entry of await readdir(target, { withFileTypes: true })) {
    if (entry.name === 'routeTree.gen.ts') continue
    newest = Math.max(newest, await newestMtime(path.join(target, entry.name)))
  }
  return newest
}

export async function buildIsCurrent() {
  if (!existsSync(stampFile) || !existsSync(path.join(distDir, 'server/server.mjs'))) return false
  const built = statSync(stampFile).mtimeMs
  for (const input of inputs) if ((await newestMtime(path.join(root, input))) > built) return false
  return true
}

export async function markBuilt() {
  await writeFile(stampFile, new Date().toISOString())
}
