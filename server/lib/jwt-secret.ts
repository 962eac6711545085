import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Config } from '../config'

/**
 * The configured JWT_SECRET, or for the embedded default one generated on first start and kept in
 * DATA_DIR, so sessions survive restarts without any setup.
 */
export async function resolveJwtSecret(config: Config): Promise<string> {
  if (config.jwt.secret) return config.jwt.secret
  const file = path.join(config.dataDir, 'jwt-secret')
  try {
    const existing = (await readFile(file, 'utf8')).trim()
    if (existing.length >= 32) return existing
  } catch {
    // First start: no secret yet.
  }
  const secret = randomBytes(48).toString('base64url')
  await mkdir(config.dataDir, { recursive: true })
  await writeFile(file, secret, { mode: 0o600 })
  return secret
}
