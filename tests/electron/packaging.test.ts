import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.join(import.meta.dirname, '../..')
const builder = await readFile(path.join(root, 'electron-builder.yml'), 'utf8')
const desktopBuild = await readFile(path.join(root, 'electron.vite.config.ts'), 'utf8')

describe('desktop packaging (electron-builder.yml)', () => {
  it('packages the desktop build and keytar only, never the server or its dependencies', () => {
    expect(builder).toMatch(/files:\n {2}- dist\/desktop\/\*\*\/\*\n/)
    expect(builder).toContain("- '!node_modules/**/*'")
    expect(builder).not.toMatch(/^ {2}- (dist\/server|server)/m)
    // electron-updater is bundled into the main process, since node_modules stays out of the package.
    expect(desktopBuild).toContain("exclude: ['electron-updater']")
  })

  it('builds AppImage + deb with the protocol MIME type, a hardened dmg + zip for updates, and nsis', () => {
    expect(builder).toMatch(/linux:\n {2}target:\n {4}- AppImage\n {4}- deb/)
    expect(builder).toContain('- x-scheme-handler/cypher')
    expect(builder).toMatch(
      /mac:[\s\S]*- dmg\n {4}- zip[\s\S]*hardenedRuntime: true[\s\S]*entitlements: resources\/entitlements\.mac\.plist/,
    )
    expect(builder).toMatch(/win:\n {2}target: nsis/)
  })

  it('keeps signing secrets and the update feed out of the file (read from the environment)', () => {
    for (const name of ['CSC_LINK', 'CSC_KEY_PASSWORD', 'APPLE_ID', 'WIN_CSC_LINK', 'MAIN_VITE_UPDATE_URL']) {
      expect(builder).toContain(name)
    }
    expect(builder).not.toMatch(/^publish:/m)
  })
})
