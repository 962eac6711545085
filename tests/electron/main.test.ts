import { beforeAll, describe, expect, it, vi } from 'vitest'

type Listener = (...args: unknown[]) => unknown

// A stand-in for the parts of Electron main.ts touches; it records what the app asks of Electron.
const electron = vi.hoisted(() => {
  const appListeners = new Map<string, Listener>()
  const windows: FakeWindow[] = []
  class FakeWebContents {
    listeners = new Map<string, Listener>()
    sent: unknown[][] = []
    openHandler: Listener | null = null
    on(event: string, listener: Listener) {
      this.listeners.set(event, listener)
    }
    once(event: string, listener: Listener) {
      this.listeners.set(event, listener)
    }
    loading = false
    isLoading() {
      return this.loading
    }
    send(...args: unknown[]) {
      this.sent.push(args)
    }
    setWindowOpenHandler(handler: Listener) {
      this.openHandler = handler
    }
  }
  class FakeWindow {
    webContents = new FakeWebContents()
    loaded: string | null = null
    constructor(readonly options: { webPreferences: Record<string, unknown> }) {
      windows.push(this)
    }
    static getAllWindows() {
      return windows
    }
    listeners = new Map<string, Listener>()
    once(event: string, listener: Listener) {
      this.listeners.set(event, listener)
    }
    on(event: string, listener: Listener) {
      this.listeners.set(event, listener)
    }
    getNormalBounds() {
      return { x: 0, y: 0, width: 1280, height: 840 }
    }
    loadURL(url: string) {
      this.loaded = url
      return Promise.resolve()
    }
    isMinimized() {
      return false
    }
    restore() {}
    focused = true
    isFocused() {
      return this.focused
    }
    focus() {
      this.focused = true
    }
  }
  const protocolHandlers = new Map<string, (request: Request) => Promise<Response>>()
  const notifications: unknown[] = []
  return {
    notifications,
    appListeners,
    windows,
    protocolHandlers,
    FakeWebContents,
    module: {
      app: {
        requestSingleInstanceLock: vi.fn(() => true),
        getVersion: () => '0.1.0',
        setAsDefaultProtocolClient: vi.fn(),
        on: (event: string, listener: Listener) => void appListeners.set(event, listener),
        whenReady: () => Promise.resolve(),
        getPath: () => '/tmp/cypher-electron-test',
        getName: () => 'Cypher',
        isPackaged: true,
        quit: vi.fn(),
      },
      BrowserWindow: FakeWindow,
      ipcMain: { handle: vi.fn() },
      protocol: {
        registerSchemesAsPrivileged: vi.fn(),
        handle: (scheme: string, handler: (request: Request) => Promise<Response>) =>
          void protocolHandlers.set(scheme, handler),
      },
      safeStorage: {
        isEncryptionAvailable: () => true,
        encryptString: (s: string) => Buffer.from(s),
        decryptString: (b: Buffer) => b.toString(),
      },
      shell: { openExternal: vi.fn(async () => {}) },
      // Chromium's network stack (system proxy, OS certificates): the session's calls must go through it.
      net: {
        fetch: vi.fn(async (url: string, _init?: RequestInit) =>
          Response.json(
            url.endsWith('/api/auth/token/refresh/')
              ? { access: 'access-2', refresh: 'refresh-2' }
              : { access: 'access-1', refresh: 'refresh-1', user: { id: 1 } },
          ),
        ),
      },
      Menu: { setApplicationMenu: vi.fn(), buildFromTemplate: vi.fn((template: unknown) => template) },
      Notification: class {
        static isSupported(): boolean {
          return true
        }
        clicks: Listener[] = []
        constructor(readonly options: unknown) {}
        on(event: string, listener: Listener) {
          if (event === 'click') this.clicks.push(listener)
        }
        show() {
          electron.notifications.push(this)
        }
      },
      screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
      session: {
        defaultSession: {
          setPermissionRequestHandler: vi.fn(),
          setPermissionCheckHandler: vi.fn(),
        },
      },
    },
  }
})

vi.mock('electron', () => electron.module)

// A keychain that never answers (locked, prompting, a secret service that hangs): the window opens anyway.
const keychain = vi.hoisted(() => ({
  getPassword: vi.fn(() => new Promise<string | null>(() => {})),
  setPassword: vi.fn(async () => {}),
  deletePassword: vi.fn(async () => true),
}))
vi.mock('keytar', () => ({ default: keychain, ...keychain }))

// An update feed configured for this launch: the packaged app turns electron-updater on.
const updater = vi.hoisted(() => {
  process.env.CYPHER_UPDATE_URL = 'https://updates.example.com/desktop/'
  // Launched as an AppImage (on Linux the only package format that replaces itself).
  if (process.platform === 'linux') process.env.APPIMAGE = '/tmp/Cypher.AppImage'
  // Ignored by a packaged build: its API address is fixed when it is built.
  process.env.CYPHER_API_URL = 'https://elsewhere.example'
  return {
    autoDownload: false,
    autoInstallOnAppQuit: false,
    setFeedURL: vi.fn(),
    checkForUpdatesAndNotify: vi.fn(async () => null),
    on: vi.fn(),
  }
})
vi.mock('electron-updater', () => ({ autoUpdater: updater }))

beforeAll(async () => {
  await import('../../electron/main')
  await vi.waitFor(() => expect(electron.windows).toHaveLength(1), { timeout: 1000 })
})

describe('desktop main process', () => {
  it('talks to the API fixed at build time in a packaged build, whatever CYPHER_API_URL says', () => {
    const [window] = electron.windows
    expect(window?.options.webPreferences.additionalArguments).toEqual(['--cypher-api=http://127.0.0.1:8080'])
  })

  it('opens the window while the keychain is still being probed', () => {
    expect(keychain.getPassword).toHaveBeenCalled()
    expect(electron.windows[0]?.loaded).toBe('app://cypher/dashboard')
  })

  it('registers app:// as a privileged, secure scheme before the app is ready', () => {
    expect(electron.module.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      expect.objectContaining({
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true }),
      }),
    ])
  })

  it('takes the single-instance lock and registers the cypher:// protocol', () => {
    expect(electron.module.app.requestSingleInstanceLock).toHaveBeenCalled()
    expect(electron.module.app.setAsDefaultProtocolClient.mock.calls[0]?.[0]).toBe('cypher')
  })

  it('opens the window with isolation, sandbox and no Node in the renderer, from app://', () => {
    const [window] = electron.windows
    expect(window?.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    })
    expect(window?.loaded).toBe('app://cypher/dashboard')
  })

  it('denies navigation away from the app and new windows, sending allowed links to the system browser', () => {
    const created = electron.appListeners.get('web-contents-created')
    const contents = new electron.FakeWebContents()
    created?.({}, contents)
    const prevent = vi.fn()
    contents.listeners.get('will-navigate')?.({ preventDefault: prevent }, 'https://evil.example/')
    expect(prevent).toHaveBeenCalled()
    const stay = vi.fn()
    contents.listeners.get('will-navigate')?.({ preventDefault: stay }, 'app://cypher/wallet')
    expect(stay).not.toHaveBeenCalled()

    expect(contents.openHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' })
    expect(contents.openHandler?.({ url: 'https://checkout.stripe.com/pay/cs_1' })).toEqual({
      action: 'deny',
    })
    expect(electron.module.shell.openExternal).toHaveBeenCalledWith('https://checkout.stripe.com/pay/cs_1')
    expect(electron.module.shell.openExternal).not.toHaveBeenCalledWith('https://evil.example/')
  })

  it('sets a menu without DevTools in a packaged build and denies permission requests by default', () => {
    const [template] = electron.module.Menu.setApplicationMenu.mock.calls[0] ?? []
    expect(JSON.stringify(template)).not.toContain('toggleDevTools')
    const [handler] = electron.module.session.defaultSession.setPermissionRequestHandler.mock.calls[0] ?? []
    const answer = vi.fn()
    handler?.({ getURL: () => 'app://cypher/dashboard' }, 'media', answer)
    expect(answer).toHaveBeenCalledWith(false)
  })

  it('hands a deep link from a second launch to the renderer', () => {
    electron.appListeners.get('second-instance')?.({}, ['/opt/cypher', 'cypher://payment/success/7'])
    expect(electron.windows[0]?.webContents.sent).toContainEqual(['deep-link', '/payment/success/7'])
  })

  it('keeps a link that arrives while the window is still loading until it has loaded', () => {
    const window = electron.windows[0]
    if (!window) throw new Error('no window')
    window.webContents.loading = true
    const preventDefault = vi.fn()
    electron.appListeners.get('open-url')?.({ preventDefault }, 'cypher://wallet')
    expect(preventDefault).toHaveBeenCalled()
    expect(window.webContents.sent).not.toContainEqual(['deep-link', '/wallet'])
    window.webContents.loading = false
    window.webContents.listeners.get('did-finish-load')?.()
    expect(window.webContents.sent).toContainEqual(['deep-link', '/wallet'])
  })

  it('on macOS with no window open, a payment link opens a window and reaches it once loaded', async () => {
    electron.windows[0]?.listeners.get('closed')?.()
    electron.appListeners.get('open-url')?.({ preventDefault: vi.fn() }, 'cypher://payment/fail/9')
    await vi.waitFor(() => expect(electron.windows).toHaveLength(2))
    const window = electron.windows[1]
    expect(window?.loaded).toBe('app://cypher/dashboard')
    window?.webContents.listeners.get('did-finish-load')?.()
    expect(window?.webContents.sent).toEqual([['deep-link', '/payment/fail/9']])
    // A link that is not ours opens nothing.
    electron.appListeners.get('open-url')?.({ preventDefault: vi.fn() }, 'cypher://evil/path')
    expect(electron.windows).toHaveLength(2)
  })

  it('shows a staff reply as a notification only while the window is in the background; a click opens the ticket', async () => {
    const handle = electron.module.ipcMain.handle.mock.calls.find(
      ([channel]) => channel === 'notify:ticket-reply',
    )?.[1] as Listener | undefined
    const window = electron.windows.at(-1)
    if (!handle || !window) throw new Error('no handler or window')
    const sender = { senderFrame: { url: 'app://cypher/dashboard' } }
    const notice = {
      ticket: 12,
      project: 3,
      title: 'Login fails',
      author: 'Sam Staff',
      excerpt: 'Fixed, please retry.',
    }
    const before = electron.notifications.length

    window.focused = true
    await handle(sender, notice)
    expect(electron.notifications).toHaveLength(before)

    window.focused = false
    await handle(sender, notice)
    expect(electron.notifications).toHaveLength(before + 1)
    const shown = electron.notifications.at(-1) as { options: unknown; clicks: Listener[] }
    expect(shown.options).toEqual({
      title: 'New reply: Login fails',
      body: 'Sam Staff: Fixed, please retry.',
    })
    shown.clicks[0]?.()
    expect(window.focused).toBe(true)
    expect(window.webContents.sent.at(-1)).toEqual(['deep-link', '/project/3?tab=tickets&ticket=12'])

    // Another origin may not raise notifications, and a malformed notice is refused.
    await expect(handle({ senderFrame: { url: 'https://evil.example/' } }, notice)).rejects.toThrow()
    await expect(handle(sender, { ...notice, ticket: 'x' })).rejects.toThrow('Invalid ticket reply notice')
    expect(electron.notifications).toHaveLength(before + 1)
  })

  it('checks the configured update feed with electron-updater, installing downloaded updates on quit', async () => {
    await vi.waitFor(() => expect(updater.checkForUpdatesAndNotify).toHaveBeenCalled())
    expect(updater.setFeedURL).toHaveBeenCalledWith({
      provider: 'generic',
      url: 'https://updates.example.com/desktop/',
    })
    expect(updater.autoInstallOnAppQuit).toBe(true)
  })

  it('signs in and refreshes through Electron’s net.fetch, keeping the refresh token in the main process', async () => {
    const handlerOf = (channel: string) =>
      electron.module.ipcMain.handle.mock.calls.find(([name]) => name === channel)?.[1] as
        Listener | undefined
    const sender = { senderFrame: { url: 'app://cypher/login' } }
    const signIn = handlerOf('session:sign-in')
    const refresh = handlerOf('session:refresh')
    if (!signIn || !refresh) throw new Error('no session handlers')
    const fetched = electron.module.net.fetch
    fetched.mockClear()
    const answer = await signIn(sender, '/api/client/auth/login/', { email: 'a@example.com', password: 'x' })
    expect(answer).toEqual({ status: 200, body: { access: 'access-1', user: { id: 1 } } })
    expect(fetched).toHaveBeenCalledWith(
      'http://127.0.0.1:8080/api/client/auth/login/',
      expect.objectContaining({ method: 'POST' }),
    )
    expect(await refresh(sender)).toEqual({ status: 'ok', access: 'access-2' })
    const [url, init] = fetched.mock.calls.at(-1) ?? []
    expect(url).toBe('http://127.0.0.1:8080/api/auth/token/refresh/')
    expect(JSON.parse(String(init?.body))).toEqual({ refresh: 'refresh-1' })
  })

  it('refuses app:// paths outside the renderer', async () => {
    const handler = electron.protocolHandlers.get('app')
    const response = await handler?.(new Request('app://cypher/..%2f..%2fpackage.json'))
    expect(response?.status).toBe(404)
  })
})
