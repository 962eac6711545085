// `npm start`: builds when the sources changed, then runs the server (web + API) in the foreground.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { ensureBuild } from './ensure-build.mjs'
import { distDir, root } from './build-state.mjs'

await ensureBuild()
const server = spawn(process.execPath, ['--enable-source-maps', path.join(distDir, 'server/server.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', WEB_DIST: path.join(distDir, 'web'), ...process.env },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
