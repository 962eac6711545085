import { randomBytes } from 'node:crypto'
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { attachmentSchema } from '../../src/contract/support'
import { ATTACHMENT_MAX_BYTES } from '../../src/contract/support'
import { StorageUnavailableError } from '../../server/adapters/storage'
import { S3Storage } from '../../server/adapters/storage/s3'
import { loadConfig } from '../../server/config'
import { ticketAttachments } from '../../server/db/schema'
import { UNAVAILABLE_MESSAGE } from '../../server/plugins/error-handler'
import { samples } from './helpers/multipart'
import { requests } from './helpers/requests'
import { startLocalS3 } from './helpers/s3'
import { supportFixture } from './helpers/support'
import { createTestApp } from './helpers/test-app'

const s3 = await startLocalS3()
/** s3rver answers 403 InvalidAccessKeyId to any other key id. */
const REFUSED = { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'whatever' }
afterAll(() => s3.close())

const bucketAt = (prefix: string, credentials?: { accessKeyId: string; secretAccessKey: string }) => {
  const config = loadConfig({ ...s3.env(prefix, credentials), NODE_ENV: 'test' })
  if (config.storage.kind !== 's3') throw new Error('not an s3 config')
  return new S3Storage(config.storage)
}

async function write(storage: S3Storage, bytes: Buffer, area = 'test-files') {
  const { key, stream } = await storage.create(area, 'bin')
  await pipeline(Readable.from([bytes]), stream)
  return key
}

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}

describe('STORAGE_URL', () => {
  it('parses the bucket, the prefix and the S3_* variables; disk stays the default', () => {
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/srv/data' }).storage).toEqual({
      kind: 'disk',
      dir: '/srv/data/uploads',
    })
    expect(
      loadConfig({
        NODE_ENV: 'test',
        STORAGE_URL: 's3://company-files/cypher/uploads/',
        S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com/',
        S3_REGION: 'auto',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'company-files',
      prefix: 'cypher/uploads',
      endpoint: 'https://account.r2.cloudflarestorage.com',
      region: 'auto',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    })
    expect(loadConfig({ NODE_ENV: 'test', STORAGE_URL: 's3://bucket' }).storage).toMatchObject({
      bucket: 'bucket',
      prefix: '',
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: undefined,
    })
  })

  it('names a bad STORAGE_URL and a half-configured key pair', () => {
    expect(() => loadConfig({ STORAGE_URL: '/mnt/shared' })).toThrow(/STORAGE_URL: must be s3:\/\/bucket/)
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both/,
    )
  })
})

describe('S3Storage against a local S3 server', () => {
  const storage = bucketAt('tenant-a')
  afterAll(() => storage.close())

  it('streams a file in and out under the prefix, tells its size and removes it', async () => {
    const bytes = randomBytes(300_000)
    const key = await write(storage, bytes)
    expect(key).toMatch(/^test-files\/[0-9a-f-]{36}\.bin$/)
    expect(await s3.keys()).toContain(`tenant-a/${key}`)
    expect(await storage.size(key)).toBe(bytes.length)
    expect((await read(await storage.open(key))).equals(bytes)).toBe(true)
    await storage.remove(key)
    expect(await s3.keys()).not.toContain(`tenant-a/${key}`)
  })

  it('uploads a file larger than one part in several parts', async () => {
    const bytes = randomBytes(11 * 1024 * 1024)
    const key = await write(storage, bytes)
    expect(await storage.size(key)).toBe(bytes.length)
    expect((await read(await storage.open(key))).equals(bytes)).toBe(true)
    await storage.remove(key)
  })

  it('reports a missing object as a missing file (ENOENT), and removing it is no error', async () => {
    const key = 'test-files/00000000-0000-4000-8000-000000000000.bin'
    await expect(storage.open(key)).rejects.toMatchObject({ code: 'ENOENT' })
    await expect(storage.size(key)).rejects.toMatchObject({ code: 'ENOENT' })
    await expect(storage.remove(key)).resolves.toBeUndefined()
  })

  it('fails a refused write (an unknown access key) with StorageUnavailableError and leaves no object', async () => {
    const refusing = bucketAt('tenant-a', REFUSED)
    const before = await s3.keys()
    await expect(write(refusing, randomBytes(1000))).rejects.toBeInstanceOf(StorageUnavailableError)
    await expect(refusing.open('test-files/00000000-0000-4000-8000-000000000000.bin')).rejects.toBeInstanceOf(
      StorageUnavailableError,
    )
    expect(await s3.keys()).toEqual(before)
    refusing.close()
  })

  it('leaves no object when the stream is destroyed halfway (a file refused while streaming)', async () => {
    const before = await s3.keys()
    const { stream } = await storage.create('test-files', 'bin')
    const failed = new Promise((resolve) => stream.on('error', resolve))
    const sixMegabytes = randomBytes(6 * 1024 * 1024)
    await new Promise<void>((resolve) => stream.write(sixMegabytes, () => resolve()))
    stream.destroy(new Error('too large'))
    expect(await failed).toMatchObject({ message: 'too large' })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await s3.keys()).toEqual(before)
  })

  it('refuses keys the server would never generate', async () => {
    await expect(storage.open('../etc/passwd')).rejects.toThrow(/invalid storage key/)
  })
})

describe('uploads and downloads through the API with STORAGE_URL=s3://', async () => {
  const app = await createTestApp({ env: s3.env('api') })
  afterAll(() => app.close())
  const { get, postForm } = requests(app)
  const { demo, other, ticketByTitle } = await supportFixture(app)
  const ticket = await ticketByTitle('Apple Pay')
  const attach = (content: Buffer, filename = 'notes.pdf', who = demo) =>
    postForm('/api/support/attachments/', { ticket: String(ticket.id) }, { file: { filename, content } }, who)

  it('stores an attachment in the bucket, not on disk, and serves it with the same checks and headers', async () => {
    const pdf = samples.pdf()
    const response = await attach(pdf, 'Q3 report ✓.pdf')
    expect(response.statusCode).toBe(201)
    const attachment = attachmentSchema.parse(response.json())
    const [row] = await app.db.select().from(ticketAttachments).where(eq(ticketAttachments.id, attachment.id))
    expect(await s3.keys()).toContain(`api/${row?.storageKey}`)
    expect(existsSync(path.join(app.config.uploadsDir, row?.storageKey ?? ''))).toBe(false)

    const download = await get(new URL(attachment.file).pathname, demo)
    expect(download.statusCode).toBe(200)
    expect(download.rawPayload.equals(pdf)).toBe(true)
    expect(download.headers['content-type']).toBe('application/pdf')
    expect(download.headers['content-length']).toBe(String(pdf.length))
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Q3 report _.pdf"; filename*=UTF-8''Q3%20report%20%E2%9C%93.pdf`,
    )
    // Another client's attachment is not found, whatever the store holds.
    expect((await get(new URL(attachment.file).pathname, other)).statusCode).toBe(404)
    expect((await get(new URL(attachment.file).pathname)).statusCode).toBe(401)
  })

  it('refuses a file over the limit with 413 while streaming and keeps nothing in the bucket', async () => {
    const before = await s3.keys()
    const response = await attach(samples.bigPdf(ATTACHMENT_MAX_BYTES + 1))
    expect(response.statusCode).toBe(413)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await s3.keys()).toEqual(before)
  })

  it('answers 404 "File not found." when the object is missing from the bucket', async () => {
    const attachment = attachmentSchema.parse((await attach(samples.pdf())).json())
    const [row] = await app.db.select().from(ticketAttachments).where(eq(ticketAttachments.id, attachment.id))
    await app.storage.remove(row?.storageKey ?? '')
    const download = await get(new URL(attachment.file).pathname, demo)
    expect(download.statusCode).toBe(404)
    expect(download.json()).toEqual({ detail: 'File not found.' })
  })

  it('answers 503 with Retry-After when the bucket refuses the write, and records no attachment', async () => {
    const refusing = await createTestApp({
      env: s3.env('api', REFUSED),
    })
    try {
      const fixture = await supportFixture(refusing)
      const target = await fixture.ticketByTitle('Apple Pay')
      const before = await refusing.db.select().from(ticketAttachments)
      const response = await requests(refusing).postForm(
        '/api/support/attachments/',
        { ticket: String(target.id) },
        { file: { filename: 'notes.pdf', content: samples.pdf() } },
        fixture.demo,
      )
      expect(response.statusCode).toBe(503)
      expect(response.headers['retry-after']).toBe('5')
      expect(response.json()).toEqual({ detail: UNAVAILABLE_MESSAGE })
      expect(await refusing.db.select().from(ticketAttachments)).toHaveLength(before.length)
    } finally {
      await refusing.close()
    }
  })
})

describe('npm run content -- move-uploads', () => {
  const run = promisify(execFile)
  const dataDir = path.join(os.tmpdir(), `cypher-move-${randomBytes(4).toString('hex')}`)
  afterAll(() => rm(dataDir, { recursive: true, force: true }))

  it('moves the files under DATA_DIR/uploads to the bucket with the same keys, and can run again', async () => {
    const files = {
      'cvs/0b9f4c57-1a8a-4c6e-9d38-5d1c2e7f9a01.pdf': samples.pdf(),
      'ticket-attachments/6f2d1b7e-3c4a-4f5e-8a9b-0c1d2e3f4a5b.png': samples.png(),
    }
    for (const [key, bytes] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dataDir, 'uploads', key)), { recursive: true })
      await writeFile(path.join(dataDir, 'uploads', key), bytes)
    }
    await writeFile(path.join(dataDir, 'uploads', 'cvs', 'notes.txt'), 'not an upload')
    const env = { ...process.env, ...s3.env('moved'), DATA_DIR: dataDir, NODE_ENV: 'test' }
    const cli = path.resolve('server/cli/content.ts')
    const tsx = path.resolve('node_modules/.bin/tsx')

    const dry = await run(tsx, [cli, 'move-uploads', '--dry-run'], { env })
    expect(dry.stdout).toContain('Would move 2 file(s)')
    expect((await s3.keys()).filter((k) => k.startsWith('moved/'))).toEqual([])

    const moved = await run(tsx, [cli, 'move-uploads'], { env })
    expect(moved.stdout).toContain('Moved 2 file(s) to s3://cypher-uploads; 0 already there; 0 failed.')
    expect(moved.stdout).toContain('left alone (not an upload): cvs/notes.txt')
    const bucket = bucketAt('moved')
    for (const [key, bytes] of Object.entries(files)) {
      expect((await read(await bucket.open(key))).equals(bytes)).toBe(true)
    }
    bucket.close()
    expect(await readdir(path.join(dataDir, 'uploads', 'cvs'))).toEqual(['notes.txt'])

    const again = await run(tsx, [cli, 'move-uploads'], { env })
    expect(again.stdout).toContain('Moved 0 file(s)')
  }, 240_000)

  it('refuses to run without an s3:// STORAGE_URL', async () => {
    const result = await run(
      path.resolve('node_modules/.bin/tsx'),
      [path.resolve('server/cli/content.ts'), 'move-uploads'],
      {
        env: { ...process.env, DATA_DIR: dataDir, STORAGE_URL: '', NODE_ENV: 'test' },
      },
    ).catch((error: { code: number; stderr: string }) => error)
    expect(result).toMatchObject({
      code: 64,
      stderr: expect.stringContaining('STORAGE_URL is not an s3:// bucket'),
    })
  }, 120_000)
})
