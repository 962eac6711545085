import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { isStorageKey, type FileStorage } from './file-storage'

/** Files on disk under DATA_DIR/uploads/<area>/<uuid>.<ext>; nothing here is served as a static path. */
export class DiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`)
    return path.join(this.root, key)
  }

  async create(area: string, extension: string) {
    const key = `${area}/${randomUUID()}.${extension}`
    const file = this.resolve(key)
    await mkdir(path.dirname(file), { recursive: true })
    return { key, stream: createWriteStream(file, { flags: 'wx', mode: 0o600 }) }
  }

  async open(key: string) {
    const file = this.resolve(key)
    await stat(file)
    return createReadStream(file)
  }

  async size(key: string) {
    return (await stat(this.resolve(key))).size
  }

  async remove(key: string) {
    await rm(this.resolve(key), { force: true })
  }
}
