import path from 'node:path'
import { z } from 'zod'
import { blankAsUnset, boolish } from './values'

/** The database (embedded PGlite, or PostgreSQL) and the optional Redis beside it. */
export const databaseEnv = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** 1: the embedded database runs in a worker thread of its own (off by default until proven under load). */
  PGLITE_WORKER: z.preprocess(blankAsUnset, boolish.default(true)),
})

/** `worker`: the embedded database runs in a worker thread of its own (the default; PGLITE_WORKER=0 runs it in this thread). */
export type DatabaseConfig =
  { kind: 'pglite'; dataDir: string; worker: boolean } | { kind: 'postgres'; url: string; poolMax: number }

export function databaseConfig(env: z.infer<typeof databaseEnv>, dataDir: string): DatabaseConfig {
  return env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX }
    : { kind: 'pglite', dataDir: path.join(dataDir, 'pgdata'), worker: env.PGLITE_WORKER }
}
