import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { desktopCsp, resolveAppFile } from '../../electron/app-protocol'

const root = '/opt/cypher/renderer'

describe('resolveAppFile', () => {
  it('serves files of the renderer with their type', () => {
    expect(resolveAppFile(root, 'app://cypher/assets/index-abc.js')).toEqual({
      file: path.join(root, 'assets/index-abc.js'),
      type: 'text/javascript; charset=utf-8',
    })
  })

  it('answers app routes with index.html', () => {
    expect(resolveAppFile(root, 'app://cypher/project/12?tab=tickets')?.file).toBe(
      path.join(root, 'index.html'),
    )
    expect(resolveAppFile(root, 'app://cypher/')?.file).toBe(path.join(root, 'index.html'))
  })

  it('refuses paths that escape the renderer folder, other hosts and other schemes', () => {
    expect(resolveAppFile(root, 'app://cypher/..%2f..%2fetc/passwd.txt')).toBeNull()
    // The URL parser folds encoded dot segments itself: the result stays inside the folder.
    expect(resolveAppFile(root, 'app://cypher/%2e%2e/%2e%2e/secret.js')?.file).toBe(
      path.join(root, 'secret.js'),
    )
    expect(resolveAppFile(root, 'app://other/index.html')).toBeNull()
    expect(resolveAppFile(root, 'file:///opt/cypher/renderer/index.html')).toBeNull()
  })

  it('builds a CSP that only adds the API origin', () => {
    const csp = desktopCsp('https://api.cypher.example')
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("connect-src 'self' https://api.cypher.example")
    expect(csp).not.toContain('unsafe-eval')
  })
})
