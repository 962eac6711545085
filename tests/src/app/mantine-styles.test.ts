import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// src/app/mantine-styles.ts imports Mantine's stylesheets one component at a time. A component used
// without its stylesheet renders unstyled, and nothing else would notice: these checks do.
const root = path.resolve(import.meta.dirname, '../../..')
const stylesDir = path.join(root, 'node_modules/@mantine/core/styles')
const source = readFileSync(path.join(root, 'src/app/mantine-styles.ts'), 'utf8')
const imported = [...source.matchAll(/^import '@mantine\/core\/styles\/(.+)\.layer\.css'$/gm)].map(
  (m) => m[1] ?? '',
)

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/** Every name the renderer imports from @mantine/core. */
const usedNames = new Set(
  sourceFiles(path.join(root, 'src')).flatMap((file) =>
    [
      ...readFileSync(file, 'utf8').matchAll(/import\s+(?:type\s+)?\{([^}]+)\}\s+from\s+'@mantine\/core'/g),
    ].flatMap((m) =>
      (m[1] ?? '').split(',').map(
        (name) =>
          name
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0] ?? '',
      ),
    ),
  ),
)
const hasStylesheet = (name: string) => readdirSync(stylesDir).includes(`${name}.layer.css`)

/** Components drawn with other components' styles (read from Mantine's sources). */
const BUILT_ON: Record<string, string[]> = {
  Select: ['Combobox', 'Input', 'Popover', 'ScrollArea'],
  NativeSelect: ['Input'],
  TextInput: ['Input'],
  Textarea: ['Input'],
  PasswordInput: ['Input', 'ActionIcon'],
  Checkbox: ['InlineInput', 'CheckboxIndicator'],
  Modal: ['ModalBase', 'Overlay', 'CloseButton'],
  Drawer: ['ModalBase', 'Overlay', 'CloseButton'],
  Button: ['UnstyledButton', 'Loader'],
  ActionIcon: ['UnstyledButton', 'Loader'],
  Burger: ['UnstyledButton'],
  Tabs: ['UnstyledButton'],
  Accordion: ['UnstyledButton'],
  SegmentedControl: ['FloatingIndicator'],
  Anchor: ['Text'],
  Card: ['Paper'],
  Alert: ['CloseButton'],
}
/** What the other Mantine packages in use draw with: notifications and the file drop zone. */
const PACKAGES_BUILT_ON = ['Notification', 'CloseButton', 'Loader', 'LoadingOverlay', 'Overlay']
/** Mantine's own list of stylesheets "reused in other components" (mantine.dev/styles/css-files-list). */
const REUSED = [
  'ScrollArea',
  'UnstyledButton',
  'VisuallyHidden',
  'Paper',
  'Popover',
  'CloseButton',
  'Group',
  'Loader',
  'Overlay',
  'ModalBase',
  'Input',
  'InlineInput',
  'Flex',
  'FloatingIndicator',
  'ActionIcon',
]

describe('Mantine stylesheets', () => {
  it('finds the components the renderer uses (the scan itself works)', () => {
    expect(usedNames).toContain('Button')
    expect(usedNames).toContain('Select')
    expect(imported.length).toBeGreaterThan(20)
  })

  it('imports the stylesheet of every @mantine/core component the renderer uses', () => {
    const missing = [...usedNames].filter((name) => hasStylesheet(name) && !imported.includes(name))
    expect(missing).toEqual([])
  })

  it('imports the stylesheets those components are built on, and the reused building blocks', () => {
    const needed = new Set([
      'baseline',
      'default-css-variables',
      'global',
      ...REUSED,
      ...PACKAGES_BUILT_ON,
      ...[...usedNames].flatMap((name) => BUILT_ON[name] ?? []),
    ])
    expect([...needed].filter((name) => !imported.includes(name))).toEqual([])
  })

  it('keeps the order of Mantine’s full stylesheet, so the cascade is the same', () => {
    const full = readFileSync(path.join(root, 'node_modules/@mantine/core/styles.layer.css'), 'utf8')
    const positions = imported.map((name) => {
      const inner = readFileSync(path.join(stylesDir, `${name}.layer.css`), 'utf8')
        .replace(/^@layer mantine\s*\{/, '')
        .replace(/\}\s*$/, '')
        .trim()
      const position = full.indexOf(inner.slice(0, 80))
      expect(position, name).toBeGreaterThanOrEqual(0)
      return position
    })
    expect(positions).toEqual([...positions].sort((a, b) => a - b))
  })
})
