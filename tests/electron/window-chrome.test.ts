import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { menuTemplate } from '../../electron/menu'
import { isPermissionAllowed } from '../../electron/permissions'
import { DEFAULT_BOUNDS, loadBounds, saveBounds } from '../../electron/window-state'

const roles = (template: ReturnType<typeof menuTemplate>): string[] =>
  template.flatMap((item) => [
    String(item.role ?? item.label),
    ...(Array.isArray(item.submenu) ? item.submenu.map((s) => String(s.role ?? s.type)) : []),
  ])

describe('application menu', () => {
  it('has the usual roles and no DevTools or reload in a packaged build', () => {
    const packaged = roles(menuTemplate({ packaged: true, platform: 'linux', name: 'Cypher' }))
    expect(packaged).toEqual(expect.arrayContaining(['editMenu', 'windowMenu', 'quit', 'togglefullscreen']))
    expect(packaged).not.toContain('toggleDevTools')
    expect(packaged).not.toContain('reload')
    expect(roles(menuTemplate({ packaged: false, platform: 'linux', name: 'Cypher' }))).toContain(
      'toggleDevTools',
    )
    expect(roles(menuTemplate({ packaged: true, platform: 'darwin', name: 'Cypher' }))[0]).toBe('appMenu')
  })
})

describe('permission requests', () => {
  const isApp = (url: string) => url.startsWith('app://cypher/')
  it('are denied by default; only clipboard writes from the app are allowed', () => {
    for (const permission of ['media', 'geolocation', 'notifications', 'midi', 'openExternal', 'hid']) {
      expect(isPermissionAllowed(permission, 'app://cypher/dashboard', isApp)).toBe(false)
    }
    expect(isPermissionAllowed('clipboard-sanitized-write', 'app://cypher/dashboard', isApp)).toBe(true)
    expect(isPermissionAllowed('clipboard-sanitized-write', 'https://evil.example/', isApp)).toBe(false)
  })
})

describe('window bounds', () => {
  const display = { x: 0, y: 0, width: 1920, height: 1080 }
  it('remembers size and position between launches', async () => {
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'bounds-')), 'window.json')
    expect(await loadBounds(file, [display])).toEqual(DEFAULT_BOUNDS)
    await saveBounds(file, { x: 100, y: 80, width: 1000, height: 700 })
    expect(await loadBounds(file, [display])).toEqual({ x: 100, y: 80, width: 1000, height: 700 })
  })

  it('keeps the size but not a position on a display that is gone', async () => {
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'bounds-')), 'window.json')
    await saveBounds(file, { x: 2500, y: 100, width: 1000, height: 700 })
    expect(await loadBounds(file, [display])).toEqual({ width: 1000, height: 700 })
  })
})
