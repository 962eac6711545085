// Writes rows to the embedded database at DATA_DIR (argv[2]) as the server does, in its worker thread,
// and prints each id once its write is acknowledged; tests/server/pglite-worker.test.ts kills it.
import { sql } from 'drizzle-orm'
import { openDatabase } from '../../../server/db/client'

const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: crash-writer.ts <pgdata folder>')
const { db } = await openDatabase({ kind: 'pglite', dataDir, worker: true })
for (let id = 1; ; id += 1) {
  if (id % 2 === 1) {
    await db.execute(sql`insert into crash_writes (id) values (${id})`)
  } else {
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into crash_writes values (${id}, ${-id})`)
      await tx.execute(sql`insert into crash_writes values (${-id}, ${id})`)
    })
  }
  process.stdout.write(`${id}\n`)
}
