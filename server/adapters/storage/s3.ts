import { randomUUID } from 'node:crypto'
import { PassThrough, Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { isStorageKey, StorageUnavailableError, type FileStorage, type S3StorageConfig } from './file-storage'

/** An object the bucket does not hold (as opposed to a bucket that cannot be reached). */
function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404
}

/**
 * A write stream into one object: bytes go to a multipart upload (parts of 5 MB, one at a time, so an
 * upload holds at most about 10 MB in memory) and the stream finishes only once the store has the whole
 * object. Destroying it (a file refused while streaming) aborts the upload, so no object is left.
 */
class ObjectWriteStream extends Writable {
  private readonly body = new PassThrough()
  private readonly upload: Upload
  private readonly uploaded: Promise<unknown>

  constructor(client: S3Client, bucket: string, objectKey: string) {
    super()
    this.upload = new Upload({
      client,
      params: { Bucket: bucket, Key: objectKey, Body: this.body },
      queueSize: 1,
      partSize: 5 * 1024 * 1024,
      leavePartsOnError: false,
    })
    this.uploaded = this.upload.done()
    // A store that refuses a part mid-file would otherwise leave this stream waiting for a drain forever.
    this.uploaded.catch((error: unknown) => {
      if (!this.destroyed)
        this.destroy(new StorageUnavailableError('upload refused by the object store', error))
    })
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    if (this.body.write(chunk)) callback()
    else this.body.once('drain', () => callback())
  }

  override _final(callback: (error?: Error | null) => void) {
    this.body.end()
    this.uploaded.then(
      () => callback(),
      (error: unknown) => callback(new StorageUnavailableError('upload refused by the object store', error)),
    )
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    if (!this.writableFinished) {
      this.body.destroy()
      // Aborting a finished or failed upload rejects; the object is gone either way.
      this.upload.abort().catch(() => undefined)
    }
    callback(error)
  }
}

/** Files in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO) under `prefix/<area>/<uuid>.<ext>`. */
export class S3Storage implements FileStorage {
  readonly client: S3Client
  readonly bucket: string
  private readonly prefix: string

  constructor(config: S3StorageConfig) {
    this.bucket = config.bucket
    this.prefix = config.prefix
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      ...(config.credentials ? { credentials: config.credentials } : {}),
      // Checksums only where S3 requires them: R2, MinIO and older stores refuse the trailing-checksum
      // chunked encoding the SDK sends by default for streamed bodies.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    })
  }

  /** The object's name in the bucket for a storage key. */
  objectKey(key: string): string {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`)
    return this.prefix ? `${this.prefix}/${key}` : key
  }

  async create(area: string, extension: string) {
    const key = `${area}/${randomUUID()}.${extension}`
    return { key, stream: new ObjectWriteStream(this.client, this.bucket, this.objectKey(key)) }
  }

  /** Writes a file under a key it already has (moving uploads from disk keeps their keys). */
  async put(key: string, body: Readable): Promise<void> {
    await pipeline(body, new ObjectWriteStream(this.client, this.bucket, this.objectKey(key)))
  }

  async open(key: string): Promise<Readable> {
    const objectKey = this.objectKey(key)
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: objectKey }))
      if (!(object.Body instanceof Readable)) throw new Error('the object store answered without a body')
      return object.Body
    } catch (error) {
      throw this.failure(error, key)
    }
  }

  async size(key: string): Promise<number> {
    const objectKey = this.objectKey(key)
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }))
      return head.ContentLength ?? 0
    } catch (error) {
      throw this.failure(error, key)
    }
  }

  async remove(key: string) {
    const objectKey = this.objectKey(key)
    try {
      // S3 answers 204 for a key it does not hold, like `rm -f`.
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: objectKey }))
    } catch (error) {
      throw this.failure(error, key)
    }
  }

  /** A missing object reads like a missing file (ENOENT); anything else is the store failing. */
  private failure(error: unknown, key: string): Error {
    if (isMissing(error)) return Object.assign(new Error(`no such object: ${key}`), { code: 'ENOENT' })
    return new StorageUnavailableError('the object store failed', error)
  }

  close() {
    this.client.destroy()
  }
}
