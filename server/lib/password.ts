import { randomBytes, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { ScryptPool } from './scrypt-pool'

const KEY_LENGTH = 64

/** Every password and recovery-code hash of this process runs in this pool (see ScryptPool). */
export const scryptPool = new ScryptPool()

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return scryptPool.hash(password.normalize('NFKC'), salt, KEY_LENGTH, options)
}

function options(log2N: number, r: number, p: number): ScryptOptions {
  // scrypt needs 128 * N * r bytes; leave headroom above Node's 32 MB default.
  return { N: 2 ** log2N, r, p, maxmem: 256 * 2 ** log2N * r }
}

/** Hashes with scrypt; the parameters travel in the stored string so the cost can rise later. */
export async function hashPassword(password: string, log2N = 17): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(password, salt, options(log2N, 8, 1))
  return ['scrypt', log2N, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, log2N, r, p, salt, key] = stored.split('$')
  if (algorithm !== 'scrypt' || !log2N || !r || !p || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), options(+log2N, +r, +p))
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** Whether a stored hash was made with a lower cost than the configured one and should be redone. */
export function needsRehash(stored: string, log2N: number): boolean {
  return Number(stored.split('$')[1]) < log2N
}
