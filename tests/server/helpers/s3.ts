import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'

/** s3rver accepts exactly this key pair and refuses every other signature with 403. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export interface LocalS3 {
  endpoint: string
  bucket: string
  /** The server's variables for this bucket under `prefix`. */
  env(prefix?: string, credentials?: { accessKeyId: string; secretAccessKey: string }): Record<string, string>
  /** Every object name in the bucket. */
  keys(): Promise<string[]>
  client: S3Client
  close(): Promise<void>
}

/** A local S3-compatible server (s3rver) with one empty bucket, for tests and the cluster lane. */
export async function startLocalS3(options: { port?: number; bucket?: string } = {}): Promise<LocalS3> {
  const directory = path.join(os.tmpdir(), `cypher-s3-${randomBytes(4).toString('hex')}`)
  const bucket = options.bucket ?? 'cypher-uploads'
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  })
  const address = (await server.run()) as AddressInfo
  const endpoint = `http://127.0.0.1:${address.port}`
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  })
  return {
    endpoint,
    bucket,
    client,
    env: (prefix = '', credentials = S3RVER_CREDENTIALS) => ({
      STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
    }),
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }))
      return (listed.Contents ?? []).map((object) => object.Key ?? '')
    },
    async close() {
      client.destroy()
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
