import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

export const KEYCHAIN_SERVICE = 'Cypher Client Portal'
export const KEYCHAIN_ACCOUNT = 'refresh-token'

/** Where the desktop app keeps its refresh token between launches. */
export interface SecureStore {
  readonly kind: 'keychain' | 'safe-storage' | 'memory'
  get(): Promise<string | null>
  set(token: string): Promise<void>
  clear(): Promise<void>
}

export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
}

export interface SafeStorageLike {
  isEncryptionAvailable(): boolean
  /** Linux only: which secret store safeStorage uses ('basic_text' is a fixed key, no protection). */
  getSelectedStorageBackend?(): string
  encryptString(plain: string): Buffer
  decryptString(encrypted: Buffer): string
}

/** The OS keychain (macOS Keychain, Windows Credential Manager, libsecret on Linux) through keytar. */
export function keychainStore(keytar: KeytarLike): SecureStore {
  return {
    kind: 'keychain',
    get: () => keytar.getPassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT),
    set: (token) => keytar.setPassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT, token),
    clear: async () => void (await keytar.deletePassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT)),
  }
}

/** A file encrypted with Electron's safeStorage (OS-protected key), readable only by this user. */
export function safeStorageFileStore(safeStorage: SafeStorageLike, file: string): SecureStore {
  return {
    kind: 'safe-storage',
    async get() {
      try {
        return safeStorage.decryptString(await readFile(file))
      } catch {
        return null
      }
    },
    async set(token) {
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, safeStorage.encryptString(token), { mode: 0o600 })
      await chmod(file, 0o600)
    },
    async clear() {
      await rm(file, { force: true })
    },
  }
}

/** Last resort: never written to disk in clear text; the user signs in again after a restart. */
export function memoryStore(): SecureStore {
  let token: string | null = null
  return {
    kind: 'memory',
    get: async () => token,
    set: async (value) => {
      token = value
    },
    clear: async () => {
      token = null
    },
  }
}

function isKeytar(value: unknown): value is KeytarLike {
  if (!value || typeof value !== 'object') return false
  const candidate = value as Record<string, unknown>
  return ['getPassword', 'setPassword', 'deletePassword'].every(
    (name) => typeof candidate[name] === 'function',
  )
}

/**
 * Loads keytar if it is installed. The module name is a variable on purpose: keytar is optional (npm
 * skips it where libsecret is missing), so neither the type check nor the bundle may depend on it;
 * its shape is checked against KeytarLike instead.
 */
export async function loadKeytar(moduleName = 'keytar'): Promise<KeytarLike | null> {
  try {
    const loaded: unknown = await import(/* @vite-ignore */ moduleName)
    if (isKeytar(loaded)) return loaded
    const fallback = (loaded as { default?: unknown }).default
    return isKeytar(fallback) ? fallback : null
  } catch {
    return null
  }
}

/** How long the keychain may take to answer its first probe before the encrypted file takes over. */
export const KEYCHAIN_PROBE_TIMEOUT_MS = 2000

/** Rejects when `promise` has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/**
 * Picks the keychain when keytar loads and answers within `probeTimeoutMs`, else a safeStorage-encrypted
 * file, else memory. keytar is an optional dependency: it is missing where libsecret was absent at
 * install time; a locked keychain that prompts, or a secret service that never answers, is too slow.
 */
export async function createSecureStore(options: {
  loadKeytar: () => Promise<KeytarLike | null>
  safeStorage: SafeStorageLike
  fallbackFile: string
  platform?: NodeJS.Platform
  probeTimeoutMs?: number
}): Promise<SecureStore> {
  try {
    const probe = async () => {
      const keytar = await options.loadKeytar()
      // Probing once tells a working keychain from one that is installed but has no backend running.
      if (keytar) await keytar.getPassword(KEYCHAIN_SERVICE, KEYCHAIN_ACCOUNT)
      return keytar
    }
    const keytar = await within(probe(), options.probeTimeoutMs ?? KEYCHAIN_PROBE_TIMEOUT_MS)
    if (keytar) return keychainStore(keytar)
  } catch {
    // No keychain answered in time: fall through to the encrypted file.
  }
  if (options.safeStorage.isEncryptionAvailable() && !usesFixedKey(options.safeStorage, options.platform))
    return safeStorageFileStore(options.safeStorage, options.fallbackFile)
  return memoryStore()
}

/**
 * A store still being chosen (the keychain probe runs beside the window's start): each call waits for
 * the choice, so only a sign-in or refresh made in the first moments waits, never the window.
 */
export function deferredStore(choice: Promise<SecureStore>): Pick<SecureStore, 'get' | 'set' | 'clear'> {
  return {
    get: async () => (await choice).get(),
    set: async (token) => (await choice).set(token),
    clear: async () => (await choice).clear(),
  }
}

/** On Linux without a secret service, safeStorage "encrypts" with a hard-coded key: no better than clear text. */
function usesFixedKey(safeStorage: SafeStorageLike, platform: NodeJS.Platform = process.platform): boolean {
  if (platform !== 'linux') return false
  return safeStorage.getSelectedStorageBackend?.() === 'basic_text'
}

/** What the user is told about where the sign-in is kept, or null when nothing needs saying. */
export function storeNotice(
  previous: SecureStore['kind'] | null,
  current: SecureStore['kind'],
): string | null {
  if (previous && previous !== current && previous !== 'memory') {
    return `Your sign-in was kept in ${STORE_NAMES[previous]} and this launch uses ${STORE_NAMES[current]}, so it could not be carried over. Please sign in again.`
  }
  if (current === 'memory') {
    return 'No secure store is available on this computer (no keychain or secret service), so you stay signed in only until the app closes.'
  }
  return null
}

const STORE_NAMES: Record<SecureStore['kind'], string> = {
  keychain: 'the system keychain',
  'safe-storage': 'an encrypted file',
  memory: 'memory only',
}

/** The store the last launch used, kept beside the app's data, so a change can be explained. */
export async function rememberStoreKind(
  file: string,
  kind: SecureStore['kind'],
): Promise<SecureStore['kind'] | null> {
  let previous: SecureStore['kind'] | null = null
  try {
    const text = (await readFile(file, 'utf8')).trim()
    if (text === 'keychain' || text === 'safe-storage' || text === 'memory') previous = text
  } catch {
    // First launch.
  }
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, kind)
  return previous
}
