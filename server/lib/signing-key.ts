import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

export interface SigningKey {
  privateKey: KeyObject
  publicKey: KeyObject
  /** First 16 hex digits of the SHA-256 of the public key (SPKI DER): names the key in each certificate. */
  keyId: string
  publicKeyPem: string
}

/** An Ed25519 private key given as PKCS#8 PEM or as its DER in base64; throws a readable error otherwise. */
export function parseSigningKey(text: string): KeyObject {
  const trimmed = text.trim()
  let key: KeyObject
  try {
    key = trimmed.startsWith('-----BEGIN')
      ? createPrivateKey({ key: trimmed, format: 'pem' })
      : createPrivateKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'pkcs8' })
  } catch {
    throw new Error('must be an Ed25519 private key (PKCS#8 PEM, or its DER in base64)')
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('must be an Ed25519 key')
  return key
}

function describe(privateKey: KeyObject): SigningKey {
  const publicKey = createPublicKey(privateKey)
  const der = publicKey.export({ type: 'spki', format: 'der' })
  return {
    privateKey,
    publicKey,
    keyId: createHash('sha256').update(der).digest('hex').slice(0, 16),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  }
}

/**
 * The configured key, or for a single instance one generated on first start and kept in DATA_DIR
 * (mode 600), so certificates issued before a restart still verify.
 */
export async function resolveSigningKey(
  configured: string | undefined,
  dataDir: string,
): Promise<SigningKey> {
  if (configured) return describe(parseSigningKey(configured))
  const file = path.join(dataDir, 'certificate-signing-key.pem')
  let existing: string | undefined
  try {
    existing = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  if (existing !== undefined) {
    // A damaged key file stops the start: replacing it would make every issued certificate fail.
    try {
      return describe(parseSigningKey(existing))
    } catch (error) {
      throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  const { privateKey } = generateKeyPairSync('ed25519')
  await mkdir(dataDir, { recursive: true })
  await writeFile(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' })
  return describe(privateKey)
}
