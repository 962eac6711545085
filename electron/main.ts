import path from 'node:path'
import {
  app,
  BrowserWindow,
  ipcMain,
  Menu,
  net,
  Notification,
  protocol,
  safeStorage,
  screen,
  session as sessions,
  shell,
} from 'electron'
import { canSelfUpdate, startAutoUpdate, updateFeedUrl } from './auto-update'
import { APP_ORIGIN, APP_SCHEME, appProtocolHandler, isAppUrl } from './app-protocol'
import { APP_PROTOCOL, findDeepLink, parseDeepLink } from './deep-link'
import { isAllowedExternalUrl } from './external'
import { createDesktopSession } from './desktop-session'
import { registerIpc } from './ipc'
import { CHANNELS } from './ipc-channels'
import { menuTemplate } from './menu'
import { showTicketReply } from './ticket-notices'
import { isPermissionAllowed } from './permissions'
import { createSecureStore, deferredStore, loadKeytar, rememberStoreKind, storeNotice } from './secure-store'
import { loadBounds, saveBounds } from './window-state'

/**
 * The API the desktop app talks to, fixed at build time in a packaged build (an environment variable
 * must not send its stored sign-in to another server); developers may point it elsewhere by environment.
 */
const BUILT_API_URL = import.meta.env.MAIN_VITE_API_URL ?? 'http://127.0.0.1:8080'
const API_URL = app.isPackaged ? BUILT_API_URL : (process.env.CYPHER_API_URL ?? BUILT_API_URL)
/** Where installed apps look for new versions; unset (the default) turns automatic updates off. */
const UPDATE_FEED = updateFeedUrl(process.env.CYPHER_UPDATE_URL, import.meta.env.MAIN_VITE_UPDATE_URL)
const rendererRoot = path.join(import.meta.dirname, '../renderer')

// Must run before the app is ready: app:// behaves like https (secure context, fetch, CORS, storage).
protocol.registerSchemesAsPrivileged([
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true },
  },
])

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  void start()
}

let mainWindow: BrowserWindow | null = null
/** Quits and installs the downloaded update; null until one is ready. */
let installUpdate: (() => void) | null = null
let updateVersion: string | null = null

/** Tells the window an update waits (a page that loads later asks: CHANNELS.updateWaiting). */
function announceUpdate() {
  if (updateVersion !== null) mainWindow?.webContents.send(CHANNELS.updateReady, updateVersion)
}
let pendingDeepLink = findDeepLink(process.argv)
/** Set once start-up has opened the first window: from then on a link may open a new one. */
let windowsOpen = false

function deliverDeepLink(pathname: string | null) {
  if (!pathname) return
  if (mainWindow && !mainWindow.webContents.isLoading()) {
    mainWindow.webContents.send(CHANNELS.deepLink, pathname)
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.focus()
  } else {
    // Delivered when the window has loaded; on macOS the app lives on with no window: open one.
    pendingDeepLink = pathname
    if (!mainWindow && windowsOpen) void createWindow()
  }
}

async function openExternal(url: string): Promise<boolean> {
  if (!isAllowedExternalUrl(url, API_URL)) return false
  await shell.openExternal(url)
  return true
}

async function start() {
  if (process.defaultApp && process.argv[1]) {
    app.setAsDefaultProtocolClient(APP_PROTOCOL, process.execPath, [path.resolve(process.argv[1])])
  } else {
    app.setAsDefaultProtocolClient(APP_PROTOCOL)
  }
  app.on('second-instance', (_event, argv) => deliverDeepLink(findDeepLink(argv)))
  app.on('open-url', (event, url) => {
    event.preventDefault()
    deliverDeepLink(parseDeepLink(url))
  })

  await app.whenReady()

  protocol.handle(APP_SCHEME, appProtocolHandler(rendererRoot, new URL(API_URL).origin))

  // The keychain is probed beside the window's start, with a timeout (a locked keychain may prompt).
  const storeChoice = createSecureStore({
    loadKeytar,
    safeStorage,
    fallbackFile: path.join(app.getPath('userData'), 'refresh-token.bin'),
  })
  const session = createDesktopSession({
    apiUrl: API_URL,
    store: deferredStore(storeChoice),
    // Chromium's network stack: the system proxy (PAC, WPAD) and the OS certificate store, unlike Node's fetch.
    fetch: (url, init) => net.fetch(url, init),
    userAgent: `CypherDesktop/${app.getVersion()} (${process.platform})`,
  })
  registerIpc(ipcMain, {
    session,
    openExternal,
    // Staff replies the renderer found while the user is elsewhere; a click opens the ticket.
    ticketReply: (notice) =>
      showTicketReply(
        {
          isSupported: () => Notification.isSupported(),
          create: (options) => new Notification(options),
          windowFocused: () => mainWindow?.isFocused() ?? false,
          open: deliverDeepLink,
        },
        notice,
      ),
    updateWaiting: () => updateVersion,
    restartToUpdate: () => {
      if (!installUpdate) return false
      installUpdate()
      return true
    },
  })
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate({ packaged: app.isPackaged, platform: process.platform, name: app.getName() }),
    ),
  )
  // Camera, microphone, location and the rest: denied unless listed (electron/permissions.ts).
  sessions.defaultSession.setPermissionRequestHandler((contents, permission, callback) =>
    callback(isPermissionAllowed(permission, contents.getURL(), isAppUrl)),
  )
  sessions.defaultSession.setPermissionCheckHandler((contents, permission) =>
    isPermissionAllowed(permission, contents?.getURL() ?? '', isAppUrl),
  )

  // No window may navigate away from the app or open another window; allowed links go to the system browser.
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault()
    })
    contents.setWindowOpenHandler(({ url }) => {
      void openExternal(url)
      return { action: 'deny' }
    })
  })

  await createWindow()
  windowsOpen = true
  // Where the sign-in is kept, said plainly when it is weak or changed since the last launch.
  void storeChoice
    .then(async (store) => {
      const notice = storeNotice(
        await rememberStoreKind(path.join(app.getPath('userData'), 'secure-store.txt'), store.kind),
        store.kind,
      )
      if (notice && Notification.isSupported()) new Notification({ title: 'Cypher', body: notice }).show()
    })
    .catch((error: unknown) => console.error('could not record where the sign-in is kept', error))
  void startAutoUpdate({
    packaged: app.isPackaged,
    selfUpdating: canSelfUpdate(process.platform, process.env),
    feedUrl: UPDATE_FEED,
    loadUpdater: async () => (await import('electron-updater')).autoUpdater,
    log: (message, error) => console.error(message, error),
    every: (ms, task) => void setInterval(task, ms),
    onUpdateReady: (version, install) => {
      installUpdate = install
      updateVersion = version
      announceUpdate()
    },
  }).catch((error: unknown) => console.error('automatic updates are off', error))
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) void createWindow()
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
}

const boundsFile = () => path.join(app.getPath('userData'), 'window.json')

async function createWindow() {
  const bounds = await loadBounds(
    boundsFile(),
    screen.getAllDisplays().map((d) => d.workArea),
  )
  mainWindow = new BrowserWindow({
    ...bounds,
    minWidth: 380,
    backgroundColor: '#0b1120',
    show: false,
    title: 'Cypher',
    webPreferences: {
      preload: path.join(import.meta.dirname, '../preload/preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
      additionalArguments: [`--cypher-api=${API_URL}`],
    },
  })
  mainWindow.once('ready-to-show', () => mainWindow?.show())
  mainWindow.webContents.once('did-finish-load', () => {
    const link = pendingDeepLink
    pendingDeepLink = null
    deliverDeepLink(link)
  })
  const window = mainWindow
  // Size and position are kept for the next launch.
  window.on('close', () => void saveBounds(boundsFile(), window.getNormalBounds()).catch(() => {}))
  mainWindow.on('closed', () => {
    mainWindow = null
  })
  void mainWindow.loadURL(`${APP_ORIGIN}/dashboard`)
}
