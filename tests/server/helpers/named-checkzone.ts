import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

/** Loads a zone in BIND's named-checkzone (Debian bind9-utils, installed by .ci/run): ok and its output. */
export async function namedCheckzone(origin: string, zone: string): Promise<{ ok: boolean; output: string }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'cypher-zone-'))
  const file = path.join(folder, `${origin}.zone`)
  await writeFile(file, zone)
  try {
    return await new Promise((resolve, reject) => {
      execFile(
        'named-checkzone',
        ['-k', 'fail', '-m', 'fail', '-M', 'fail', '-n', 'fail', origin, file],
        (error, stdout, stderr) => {
          if (error && 'code' in error && error.code === 'ENOENT')
            reject(new Error('named-checkzone is missing: apt-get install bind9-utils'))
          else resolve({ ok: !error, output: `${stdout}${stderr}` })
        },
      )
    })
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
