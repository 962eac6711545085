// `npm run test:e2e`: Playwright in Debian's Chromium against the production build served by the real server.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { ensureBuild } from './ensure-build.mjs'
import { root } from './build-state.mjs'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}. Install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`,
  )
  process.exit(1)
}
await ensureBuild({ quiet: true })
const result = spawnSync(
  'npx',
  ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
)
process.exit(result.status ?? 1)
