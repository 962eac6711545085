import { describe, expect, it } from 'vitest'
import { staffChunkFiles, type ManifestChunk } from '../../../src/sw/staff-chunks'

const manifest: Record<string, ManifestChunk> = {
  'index.html': { file: 'assets/index-1.js', src: 'index.html', dynamicImports: ['src/app/start.tsx'] },
  'src/app/start.tsx': {
    file: 'assets/start-1.js',
    src: 'src/app/start.tsx',
    dynamicImports: [
      'src/routes/_portal/staff/tickets.index.tsx?tsr-split=component',
      'src/routes/_portal/dashboard.tsx?tsr-split=component',
    ],
  },
  'src/routes/_portal/staff/tickets.index.tsx?tsr-split=component': {
    file: 'assets/tickets.index-1.js',
    src: 'src/routes/_portal/staff/tickets.index.tsx?tsr-split=component',
    imports: ['_staff-table-1.js', '_select-1.js'],
    css: ['assets/staff-1.css'],
  },
  'src/routes/_portal/dashboard.tsx?tsr-split=component': {
    file: 'assets/dashboard-1.js',
    src: 'src/routes/_portal/dashboard.tsx?tsr-split=component',
    imports: ['_select-1.js'],
  },
  '_staff-table-1.js': { file: 'assets/staff-table-1.js' },
  '_select-1.js': { file: 'assets/select-1.js', css: ['assets/select-1.css'] },
}

describe('staff console chunks', () => {
  it("are the console's own route chunks, their styles and what only they import", () => {
    expect([...staffChunkFiles(manifest)].sort()).toEqual([
      'assets/staff-1.css',
      'assets/staff-table-1.js',
      'assets/tickets.index-1.js',
    ])
  })

  it('leave out code the rest of the app shares', () => {
    const files = staffChunkFiles(manifest)
    for (const shared of [
      'assets/select-1.js',
      'assets/select-1.css',
      'assets/dashboard-1.js',
      'assets/start-1.js',
    ])
      expect(files.has(shared)).toBe(false)
  })
})
