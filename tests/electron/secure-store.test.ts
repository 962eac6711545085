import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import {
  createSecureStore,
  deferredStore,
  rememberStoreKind,
  storeNotice,
  loadKeytar,
  type KeytarLike,
  type SafeStorageLike,
} from '../../electron/secure-store'

function fakeSafeStorage(available = true): SafeStorageLike {
  return {
    isEncryptionAvailable: () => available,
    // A reversible stand-in for the OS encryption: the plain text must not appear on disk.
    encryptString: (plain) => Buffer.from(Buffer.from(plain).map((b) => b ^ 0x5a)),
    decryptString: (encrypted) => Buffer.from(encrypted.map((b) => b ^ 0x5a)).toString(),
  }
}

function fakeKeytar(): KeytarLike & { saved: Map<string, string> } {
  const saved = new Map<string, string>()
  return {
    saved,
    getPassword: async (s, a) => saved.get(`${s}/${a}`) ?? null,
    setPassword: async (s, a, p) => void saved.set(`${s}/${a}`, p),
    deletePassword: async (s, a) => saved.delete(`${s}/${a}`),
  }
}

const tempFile = async () =>
  path.join(await mkdtemp(path.join(os.tmpdir(), 'cypher-store-')), 'refresh-token.bin')

describe('createSecureStore', () => {
  it('uses the OS keychain when keytar loads and answers', async () => {
    const keytar = fakeKeytar()
    const store = await createSecureStore({
      loadKeytar: async () => keytar,
      safeStorage: fakeSafeStorage(),
      fallbackFile: await tempFile(),
    })
    expect(store.kind).toBe('keychain')
    await store.set('token-1')
    expect(await store.get()).toBe('token-1')
    expect([...keytar.saved.values()]).toEqual(['token-1'])
    await store.clear()
    expect(await store.get()).toBeNull()
  })

  it('falls back to a safeStorage-encrypted file when keytar is missing', async () => {
    const file = await tempFile()
    const store = await createSecureStore({
      loadKeytar: async () => null,
      safeStorage: fakeSafeStorage(),
      fallbackFile: file,
    })
    expect(store.kind).toBe('safe-storage')
    await store.set('refresh-secret-value')
    expect(await store.get()).toBe('refresh-secret-value')
    const onDisk = await readFile(file)
    expect(onDisk.toString()).not.toContain('refresh-secret-value')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    await store.clear()
    expect(await store.get()).toBeNull()
  })

  it('falls back when keytar is installed but no keychain backend answers', async () => {
    const broken: KeytarLike = {
      getPassword: vi.fn().mockRejectedValue(new Error('Cannot autolaunch D-Bus without X11')),
      setPassword: vi.fn(),
      deletePassword: vi.fn(),
    }
    const store = await createSecureStore({
      loadKeytar: async () => broken,
      safeStorage: fakeSafeStorage(),
      fallbackFile: await tempFile(),
    })
    expect(store.kind).toBe('safe-storage')
  })

  it('takes the encrypted file when the keychain does not answer within the probe timeout (locked, prompting)', async () => {
    const silent: KeytarLike = {
      getPassword: vi.fn(() => new Promise<string | null>(() => {})),
      setPassword: vi.fn(),
      deletePassword: vi.fn(),
    }
    const started = Date.now()
    const store = await createSecureStore({
      loadKeytar: async () => silent,
      safeStorage: fakeSafeStorage(),
      fallbackFile: await tempFile(),
      probeTimeoutMs: 100,
    })
    expect(store.kind).toBe('safe-storage')
    expect(Date.now() - started).toBeLessThan(2000)
    expect(silent.getPassword).toHaveBeenCalledTimes(1)
  })

  it('a store still being chosen answers once the choice is made', async () => {
    let choose: (store: Awaited<ReturnType<typeof createSecureStore>>) => void = () => {}
    const store = deferredStore(new Promise((resolve) => (choose = resolve)))
    const pending = store.set('token-9')
    const chosen = await createSecureStore({
      loadKeytar: async () => null,
      safeStorage: fakeSafeStorage(),
      fallbackFile: await tempFile(),
    })
    choose(chosen)
    await pending
    expect(await chosen.get()).toBe('token-9')
    expect(await store.get()).toBe('token-9')
    await store.clear()
    expect(await chosen.get()).toBeNull()
  })

  it('keeps the token only in memory when no encryption is available, never in clear text', async () => {
    const file = await tempFile()
    const store = await createSecureStore({
      loadKeytar: async () => null,
      safeStorage: fakeSafeStorage(false),
      fallbackFile: file,
    })
    expect(store.kind).toBe('memory')
    await store.set('t')
    expect(await store.get()).toBe('t')
    await expect(stat(file)).rejects.toThrow()
  })

  it("refuses safeStorage's basic_text backend on Linux (a fixed key) and keeps the token in memory", async () => {
    const file = await tempFile()
    const store = await createSecureStore({
      loadKeytar: async () => null,
      safeStorage: { ...fakeSafeStorage(), getSelectedStorageBackend: () => 'basic_text' },
      fallbackFile: file,
      platform: 'linux',
    })
    expect(store.kind).toBe('memory')
    await store.set('t')
    await expect(stat(file)).rejects.toThrow()
    expect(storeNotice(null, store.kind)).toMatch(/only until the app closes/)
    const gnome = await createSecureStore({
      loadKeytar: async () => null,
      safeStorage: { ...fakeSafeStorage(), getSelectedStorageBackend: () => 'gnome_libsecret' },
      fallbackFile: file,
      platform: 'linux',
    })
    expect(gnome.kind).toBe('safe-storage')
  })

  it('says so when the store changed between launches instead of signing out silently', async () => {
    const file = await tempFile()
    expect(await rememberStoreKind(file, 'keychain')).toBeNull()
    expect(await rememberStoreKind(file, 'safe-storage')).toBe('keychain')
    expect(storeNotice('keychain', 'safe-storage')).toMatch(
      /could not be carried over\. Please sign in again/,
    )
    expect(storeNotice('keychain', 'keychain')).toBeNull()
  })

  it('reads a corrupt fallback file as no token', async () => {
    const file = await tempFile()
    const safe = fakeSafeStorage()
    const store = await createSecureStore({
      loadKeytar: async () => null,
      safeStorage: {
        ...safe,
        decryptString: () => {
          throw new Error('bad')
        },
      },
      fallbackFile: file,
    })
    await store.set('x')
    expect(await store.get()).toBeNull()
  })
})

describe('loadKeytar', () => {
  const moduleFile = async (source: string) => {
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'cypher-keytar-')), 'keytar.mjs')
    await writeFile(file, source)
    return pathToFileURL(file).href
  }

  it('answers null when the optional module is not installed', async () => {
    expect(await loadKeytar('keytar-that-is-not-installed')).toBeNull()
  })

  it('accepts a module with the keychain functions, as the default export or the module itself', async () => {
    const functions =
      'async function getPassword() { return "stored" }\nasync function setPassword() {}\nasync function deletePassword() { return true }\n'
    const named = await loadKeytar(
      await moduleFile(`${functions}export { getPassword, setPassword, deletePassword }\n`),
    )
    expect(await named?.getPassword('s', 'a')).toBe('stored')
    const asDefault = await loadKeytar(
      await moduleFile(`${functions}export default { getPassword, setPassword, deletePassword }\n`),
    )
    expect(await asDefault?.getPassword('s', 'a')).toBe('stored')
  })

  it('refuses a module of another shape', async () => {
    expect(await loadKeytar(await moduleFile('export const getPassword = 1\n'))).toBeNull()
  })
})
