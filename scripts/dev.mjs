// `npm run dev`: the API with reload on 8081 and Vite with hot reload on 8080 (proxying /api to 8081).
import { spawn } from 'node:child_process'
import { root } from './build-state.mjs'
import { devApiEnv } from './dev-env.mjs'

const env = devApiEnv()
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
  spawn('npx', ['vite'], { cwd: root, stdio: 'inherit' }),
]
const stop = () => children.forEach((c) => c.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children)
  child.on('exit', (code) => {
    stop()
    process.exitCode = code ?? 0
  })
