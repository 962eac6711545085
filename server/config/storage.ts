import { z } from 'zod'
import type { StorageConfig } from '../adapters/storage/file-storage'
import { blankAsUnset, boolish } from './values'

/** Where uploaded files live: on disk under DATA_DIR, or in an S3-compatible bucket. */
export const storageEnv = z.object({
  /** Where uploads live: unset for DATA_DIR/uploads, or s3://bucket/prefix with the S3_* variables. */
  STORAGE_URL: z.preprocess(
    blankAsUnset,
    z
      .string()
      .regex(
        /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[^\s]*)?$/,
        'must be s3://bucket or s3://bucket/prefix (or unset for files on disk)',
      )
      .optional(),
  ),
  /** The store's endpoint (R2, MinIO, a local test server); unset for AWS S3 itself. */
  S3_ENDPOINT: z.preprocess(blankAsUnset, z.url().optional()),
  S3_REGION: z.preprocess(blankAsUnset, z.string().min(1).default('us-east-1')),
  S3_ACCESS_KEY_ID: z.preprocess(blankAsUnset, z.string().min(1).optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(blankAsUnset, z.string().min(1).optional()),
  /** Bucket in the path (http://host/bucket/key) rather than the host name: MinIO and most local stores. */
  S3_FORCE_PATH_STYLE: z.preprocess(blankAsUnset, boolish.optional()),
})

type StorageEnv = z.infer<typeof storageEnv>

export function storageProblems(env: StorageEnv): string[] {
  return !env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY
    ? ['S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither for the default credential chain']
    : []
}

export function storageConfig(env: StorageEnv, uploadsDir: string): StorageConfig {
  return env.STORAGE_URL ? s3Storage(env.STORAGE_URL, env) : { kind: 'disk', dir: uploadsDir }
}

function s3Storage(url: string, env: StorageEnv): StorageConfig {
  const [bucket = '', ...folders] = url.slice('s3://'.length).split('/')
  return {
    kind: 's3',
    bucket,
    prefix: folders.filter(Boolean).join('/'),
    endpoint: env.S3_ENDPOINT?.replace(/\/$/, ''),
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  }
}
