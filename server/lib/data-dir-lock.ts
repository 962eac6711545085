import { readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * The embedded database allows one process. The server records its pid in DATA_DIR/server.pid while it
 * runs; tools that open the same folder refuse to start next to it.
 */
export function pidFile(dataDir: string) {
  return path.join(dataDir, 'server.pid')
}

export async function writePidFile(dataDir: string): Promise<() => Promise<void>> {
  const file = pidFile(dataDir)
  await writeFile(file, String(process.pid))
  return () => rm(file, { force: true })
}

export async function assertNoServerRunning(dataDir: string): Promise<void> {
  let pid: number
  try {
    pid = Number((await readFile(pidFile(dataDir), 'utf8')).trim())
  } catch {
    return
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return
  try {
    process.kill(pid, 0)
  } catch {
    return // a stale file from a crash
  }
  throw new Error(
    `The server (pid ${pid}) is using ${dataDir}. The embedded database allows one process: stop the server first, or use DATABASE_URL.`,
  )
}
