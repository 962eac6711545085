import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * App API keys: `cyk_` and 48 hex digits (192 random bits). The fixed prefix lets secret scanners find
 * leaked keys; the server finds a key by its SHA-256 and keeps it AES-256-GCM encrypted so its owner can
 * reveal it again.
 */
export const API_KEY_PREFIX = 'cyk_'
/** Test keys: the same answers, nothing sent through a provider, nothing spent. */
export const TEST_KEY_PREFIX = 'cyk_test_'
const KEY_PATTERN = /^cyk_(test_)?[0-9a-f]{48}$/

export function generateApiKey(test = false): string {
  return `${test ? TEST_KEY_PREFIX : API_KEY_PREFIX}${randomBytes(24).toString('hex')}`
}

/** Whether text has the shape of one of our keys (anything else is refused without a query). */
export function looksLikeApiKey(text: string): boolean {
  return KEY_PATTERN.test(text)
}

export function isTestKey(key: string): boolean {
  return key.startsWith(TEST_KEY_PREFIX)
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex')
}

/** What lists show: the first 8 characters and an ellipsis (spec 001 §9). */
export function maskApiKey(prefix: string): string {
  return `${prefix.slice(0, 8)}...`
}

/** Encrypts and decrypts keys under the server's 256-bit app key secret. */
export class KeySealer {
  private readonly key: Buffer

  constructor(secret: string) {
    // Any configured text of 32+ characters; a hash makes it exactly 256 bits.
    this.key = createHash('sha256').update(`cypher-app-keys-v1\n${secret}`).digest()
  }

  seal(plain: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.key, iv)
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
  }

  /** The key, or null when the text was not sealed with this secret (or was altered). */
  open(sealed: string): string | null {
    try {
      const raw = Buffer.from(sealed, 'base64url')
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12))
      decipher.setAuthTag(raw.subarray(12, 28))
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
    } catch {
      return null
    }
  }
}

/**
 * APP_KEY_SECRET when configured, else one generated on first start into DATA_DIR/app-key-secret
 * (mode 600), like the JWT secret; a file that is there but damaged stops the start, since replacing
 * it would make every stored key unreadable.
 */
export async function resolveAppKeySecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured
  const file = path.join(dataDir, 'app-key-secret')
  try {
    const existing = (await readFile(file, 'utf8')).trim()
    if (existing.length < 32) throw new Error(`${file}: the app key secret is shorter than 32 characters`)
    return existing
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const secret = randomBytes(32).toString('base64url')
  await mkdir(dataDir, { recursive: true })
  try {
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' })
    return secret
  } catch (error) {
    // Another instance on this folder wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return (await readFile(file, 'utf8')).trim()
    throw error
  }
}
