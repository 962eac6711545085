// `npm run content -- export FILE` / `npm run content -- import FILE [--dry-run]`: moves the site's
// public content (projects, partners, offers, blog, jobs, offices) in and out of the configured database
// as one JSON document, so a company can replace the demo content without touching code.
// `npm run content -- move-uploads [--keep] [--dry-run]` moves uploaded files from DATA_DIR/uploads to
// the bucket of STORAGE_URL (the same keys, so no database row changes).
import { readFile, writeFile } from 'node:fs/promises'
import { S3Storage } from '../adapters/storage/s3'
import { moveUploadsToBucket } from '../adapters/storage/move-to-bucket'
import { ConfigError, loadConfig } from '../config'
import { openDatabase } from '../db/client'
import { assertNoServerRunning } from '../lib/data-dir-lock'
import { ContentError, exportContent, importContent } from '../modules/content'

const usage = `Usage:
  npm run content -- export FILE           write the site's content to FILE (JSON)
  npm run content -- import FILE           replace the site's content with FILE
  npm run content -- import FILE --dry-run check FILE without changing anything
  npm run content -- move-uploads          move uploaded files from DATA_DIR/uploads to STORAGE_URL's bucket
  npm run content -- move-uploads --keep   copy them, keeping the files on disk
  npm run content -- move-uploads --dry-run list what would move

It uses the same configuration as the server (DATA_DIR or DATABASE_URL, STORAGE_URL and S3_*).`

async function moveUploads(flags: string[]): Promise<number> {
  const config = loadConfig()
  if (config.storage.kind !== 's3') {
    console.error('STORAGE_URL is not an s3:// bucket: set it and the S3_* variables to move uploads there.')
    return 64
  }
  const bucket = new S3Storage(config.storage)
  try {
    const dryRun = flags.includes('--dry-run')
    const summary = await moveUploadsToBucket(config.uploadsDir, bucket, {
      keep: flags.includes('--keep'),
      dryRun,
      progress: (line) => console.log(line),
    })
    for (const name of summary.ignored) console.log(`left alone (not an upload): ${name}`)
    for (const { key, error } of summary.failed) console.error(`not moved: ${key}: ${error}`)
    console.log(
      `${dryRun ? 'Would move' : 'Moved'} ${summary.moved} file(s) to s3://${bucket.bucket}; ${summary.present} already there; ${summary.failed.length} failed.`,
    )
    return summary.failed.length > 0 ? 1 : 0
  } finally {
    bucket.close()
  }
}

async function main(args: string[]): Promise<number> {
  const [command, file, ...flags] = args
  if (command === 'move-uploads') return moveUploads(args.slice(1))
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
