// Builds the web app and the server unless the existing build is newer than every source file.
import { spawnSync } from 'node:child_process'
import { buildIsCurrent, markBuilt, root } from './build-state.mjs'

export async function ensureBuild({ quiet = false } = {}) {
  if (await buildIsCurrent()) {
    if (!quiet) console.log('Build is up to date.')
    return
  }
  console.log('Building the web app and the API server...')
  const started = Date.now()
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit', shell: false })
  if (result.status !== 0) process.exit(result.status ?? 1)
  await markBuilt()
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
}

if (import.meta.url === `file://${process.argv[1]}`) await ensureBuild()
