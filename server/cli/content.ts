// `npm run content -- export FILE` / `npm run content -- import FILE [--dry-run]`: moves the site's
// public content (projects, partners, offers, blog, jobs, offices) in and out of the configured database
// as one JSON document, so a company can replace the demo content without touching code.
import { readFile, writeFile } from 'node:fs/promises'
import { ConfigError, loadConfig } from '../config'
import { openDatabase } from '../db/client'
import { assertNoServerRunning } from '../lib/data-dir-lock'
import { ContentError, exportContent, importContent } from '../modules/content'

const usage = `Usage:
  npm run content -- export FILE           write the site's content to FILE (JSON)
  npm run content -- import FILE           replace the site's content with FILE
  npm run content -- import FILE --dry-run check FILE without changing anything

It uses the same configuration as the server (DATA_DIR or DATABASE_URL).`

async function main(args: string[]): Promise<number> {
  const [command, file, ...flags] = args
  if ((command !== 'export' && command !== 'import') || !file) {
    console.error(usage)
    return 64
  }
  const config = loadConfig()
  if (config.database.kind === 'pglite') await assertNoServerRunning(config.dataDir)
  const database = await openDatabase(config.database)
  try {
    if (command === 'export') {
      const doc = await exportContent(database.db)
      await writeFile(file, `${JSON.stringify(doc, null, 2)}\n`)
      const counts = Object.entries(doc.tables).map(([t, rows]) => `${t} ${rows.length}`)
      console.log(`Exported to ${file}: ${counts.join(', ')}`)
      return 0
    }
    let input: unknown
    try {
      input = JSON.parse(await readFile(file, 'utf8'))
    } catch (error) {
      console.error(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`)
      return 65
    }
    const dryRun = flags.includes('--dry-run')
    const summary = await importContent(database.db, input, { dryRun })
    const counts = Object.entries(summary.tables).map(
      ([t, s]) => `${t} ${s.rows}${s.removed ? ` (-${s.removed})` : ''}`,
    )
    console.log(`${dryRun ? 'Checked (nothing changed)' : 'Imported'} ${file}: ${counts.join(', ')}`)
    if (!dryRun)
      console.log('A running server shows the new content within 30 seconds (cached lists expire).')
    return 0
  } finally {
    await database.close()
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ContentError || error instanceof ConfigError) console.error(error.message)
    else console.error(error)
    process.exit(1)
  },
)
