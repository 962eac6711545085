import { createReadStream } from 'node:fs'
import { readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { isStorageKey } from './file-storage'
import type { S3Storage } from './s3'

export interface MoveSummary {
  /** Copied to the bucket (and removed from disk unless kept). */
  moved: number
  /** Already in the bucket with the same size: nothing copied. */
  present: number
  /** Files under the folder that are not uploads (no storage key): left alone. */
  ignored: string[]
  failed: { key: string; error: string }[]
}

async function listKeys(root: string): Promise<{ keys: string[]; ignored: string[] }> {
  const keys: string[] = []
  const ignored: string[] = []
  let areas: string[]
  try {
    areas = await readdir(root)
  } catch {
    return { keys, ignored }
  }
  for (const area of areas.sort()) {
    const folder = path.join(root, area)
    if (!(await stat(folder)).isDirectory()) {
      ignored.push(area)
      continue
    }
    for (const name of (await readdir(folder)).sort()) {
      const key = `${area}/${name}`
      if (isStorageKey(key)) keys.push(key)
      else ignored.push(key)
    }
  }
  return { keys, ignored }
}

/**
 * Copies every upload under `root` (DATA_DIR/uploads) to the bucket under the same key, checks the
 * bucket's copy has the file's size, then removes the disk copy (unless `keep`). Safe to run again: a
 * file the bucket already holds with the same size is not copied twice.
 */
export async function moveUploadsToBucket(
  root: string,
  bucket: S3Storage,
  options: { keep: boolean; dryRun: boolean; progress?: (line: string) => void },
): Promise<MoveSummary> {
  const { keys, ignored } = await listKeys(root)
  const summary: MoveSummary = { moved: 0, present: 0, ignored, failed: [] }
  for (const key of keys) {
    const file = path.join(root, key)
    try {
      const size = (await stat(file)).size
      const stored = await bucket.size(key).catch((error: unknown) => {
        if ((error as { code?: string }).code === 'ENOENT') return null
        throw error
      })
      if (stored === size) {
        summary.present += 1
      } else if (!options.dryRun) {
        await bucket.put(key, createReadStream(file))
        const copied = await bucket.size(key)
        if (copied !== size) throw new Error(`the bucket holds ${copied} bytes of ${size}`)
        summary.moved += 1
        options.progress?.(`moved ${key} (${size} bytes)`)
      } else {
        summary.moved += 1
        options.progress?.(`would move ${key} (${size} bytes)`)
      }
      if (!options.keep && !options.dryRun) await rm(file)
    } catch (error) {
      summary.failed.push({ key, error: error instanceof Error ? error.message : String(error) })
    }
  }
  return summary
}
