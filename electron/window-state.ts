import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

export interface Bounds {
  x: number
  y: number
  width: number
  height: number
}

export const DEFAULT_BOUNDS = { width: 1280, height: 840 }
const MIN = { width: 380, height: 320 }

function isBounds(value: unknown): value is Bounds {
  if (!value || typeof value !== 'object') return false
  const b = value as Record<string, unknown>
  return ['x', 'y', 'width', 'height'].every((k) => Number.isFinite(b[k]))
}

/**
 * The window's size and position from the last session, if they still fit on a connected display
 * (a monitor unplugged since would leave the window off screen); otherwise the default size.
 */
export async function loadBounds(file: string, displays: Bounds[]): Promise<Partial<Bounds>> {
  try {
    const saved: unknown = JSON.parse(await readFile(file, 'utf8'))
    if (!isBounds(saved) || saved.width < MIN.width || saved.height < MIN.height) return DEFAULT_BOUNDS
    const visible = displays.some(
      (d) =>
        saved.x >= d.x &&
        saved.y >= d.y &&
        saved.x + Math.min(saved.width, 200) <= d.x + d.width &&
        saved.y + 40 <= d.y + d.height,
    )
    return visible ? saved : { width: saved.width, height: saved.height }
  } catch {
    return DEFAULT_BOUNDS
  }
}

export async function saveBounds(file: string, bounds: Bounds): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, JSON.stringify(bounds))
}
