import { existsSync } from 'node:fs'
import { rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { once } from 'node:events'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import type { FileStorage } from '../../server/adapters/storage'
import { contentDisposition, matchesKind, readMultipart, type UploadRule } from '../../server/lib/uploads'
import { multipart, samples, storedUploads } from './helpers/multipart'
import { openTestApp } from './helpers/test-app'

const rule: UploadRule = {
  kinds: ['pdf', 'doc', 'docx'],
  maxBytes: 5 * 1024 * 1024,
  required: true,
  tooLargeMessage: 'File size must be less than 5MB',
  badTypeMessage: 'File type not supported. Please upload: .pdf, .doc, .docx',
  area: 'test-uploads',
}

/**
 * A storage whose streams, like fs write streams, create their file a moment after being handed out: a
 * file refused before that moment must still not be left behind.
 */
const lateFiles = path.join(os.tmpdir(), `cypher-late-${process.pid}`)
const lateStorage: FileStorage = {
  async create(area, extension) {
    const key = `${area}-${Date.now()}.${extension}`
    const file = `${lateFiles}-${key}`
    const stream = new Writable({
      construct(callback) {
        setTimeout(() => void writeFile(file, '').then(() => callback(), callback), 50)
      },
      write(_chunk, _encoding, callback) {
        callback()
      },
    })
    return { key, stream }
  },
  open: () => Promise.reject(new Error('not used')),
  size: () => Promise.resolve(0),
  async remove(key) {
    await rm(`${lateFiles}-${key}`, { force: true })
  },
}
let lateKeys: string[] = []
let lateStreams: Writable[] = []

const app = await openTestApp({
  extend: (instance) => {
    instance.post('/api/test-upload/', async (request) => {
      const { fields, files } = await readMultipart(request, instance.storage, { cv: rule })
      return { fields, file: files.cv }
    })
    instance.post('/api/test-upload-late/', async (request) => {
      const tracking: FileStorage = {
        ...lateStorage,
        create: async (area, extension) => {
          const created = await lateStorage.create(area, extension)
          lateKeys.push(created.key)
          lateStreams.push(created.stream)
          return created
        },
      }
      const { files } = await readMultipart(request, tracking, { cv: rule })
      return { file: files.cv }
    })
  },
})

const upload = (fields: Record<string, string>, files: Parameters<typeof multipart>[1]) =>
  app.inject({ method: 'POST', url: '/api/test-upload/', ...multipart(fields, files) })

describe('readMultipart', () => {
  it('strips control and bidirectional characters from the kept file name', async () => {
    // "invoice\u202Efdp.exe" shows as "invoiceexe.pdf" in a right-to-left-aware list.
    const response = await upload(
      {},
      { cv: { filename: 'My\u202e\u2066 CV\u200f\u0085\u200b\u061c.pdf', content: samples.pdf() } },
    )
    expect(response.statusCode).toBe(200)
    expect(response.json().file.originalName).toBe('My CV.pdf')
    expect(contentDisposition('a\u202egnp.pdf')).not.toMatch(/\u202e|%E2%80%AE/)
  })

  it('stores an accepted file under a generated name with its fields', async () => {
    const response = await upload(
      { name: 'Lina' },
      { cv: { filename: '../../etc/My CV.pdf', content: samples.pdf() } },
    )
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.fields).toEqual({ name: 'Lina' })
    expect(body.file).toMatchObject({ originalName: 'My CV.pdf', kind: 'pdf', mime: 'application/pdf' })
    expect(body.file.key).toMatch(/^test-uploads\/[0-9a-f-]{36}\.pdf$/)
    expect(await storedUploads(app, 'test-uploads')).toContain(path.basename(body.file.key))
  })

  it.each(['doc', 'docx'] as const)('accepts a real .%s', async (kind) => {
    const response = await upload({}, { cv: { filename: `cv.${kind}`, content: samples[kind]() } })
    expect(response.statusCode).toBe(200)
  })

  it('rejects a disallowed extension with 415 and the spec message', async () => {
    const response = await upload({}, { cv: { filename: 'cv.png', content: samples.png() } })
    expect(response.statusCode).toBe(415)
    expect(response.json().detail).toBe(rule.badTypeMessage)
  })

  it('rejects a file whose bytes do not match its extension', async () => {
    const before = await storedUploads(app, 'test-uploads')
    const response = await upload({}, { cv: { filename: 'cv.pdf', content: samples.fakePdf() } })
    expect(response.statusCode).toBe(415)
    expect(await storedUploads(app, 'test-uploads')).toEqual(before)
  })

  it('refuses a file over the limit with 413 while streaming and keeps nothing', async () => {
    const before = await storedUploads(app, 'test-uploads')
    const response = await upload(
      {},
      { cv: { filename: 'cv.pdf', content: samples.bigPdf(5 * 1024 * 1024 + 10) } },
    )
    expect(response.statusCode).toBe(413)
    expect(response.json().detail).toBe(rule.tooLargeMessage)
    expect(await storedUploads(app, 'test-uploads')).toEqual(before)
  })

  it('leaves nothing behind when a file is refused before its stream has opened the file', async () => {
    lateKeys = []
    lateStreams = []
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-upload-late/',
      ...multipart({}, { cv: { filename: 'cv.pdf', content: samples.bigPdf(5 * 1024 * 1024 + 10) } }),
    })
    expect(response.statusCode).toBe(413)
    expect(lateKeys).toHaveLength(1)
    // Once the stream has closed, its file existed at some point; it must be gone again.
    await Promise.all(lateStreams.map((stream) => (stream.closed ? undefined : once(stream, 'close'))))
    expect(existsSync(`${lateFiles}-${lateKeys[0]}`)).toBe(false)
  })

  it('accepts a file of exactly the limit', async () => {
    const response = await upload(
      {},
      { cv: { filename: 'cv.pdf', content: samples.bigPdf(5 * 1024 * 1024) } },
    )
    expect(response.statusCode).toBe(200)
  })

  it('requires the file when the rule says so', async () => {
    const response = await upload({ name: 'x' }, {})
    expect(response.statusCode).toBe(400)
    expect(response.json().cv).toEqual(['No file was submitted.'])
  })

  it('rejects an empty file', async () => {
    const response = await upload({}, { cv: { filename: 'cv.pdf', content: Buffer.alloc(0) } })
    expect(response.statusCode).toBe(415)
  })

  it('answers a JSON body with 415', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test-upload/', payload: { cv: 'x' } })
    expect(response.statusCode).toBe(415)
  })
})

describe('magic bytes and headers', () => {
  it('recognises text only when it is UTF-8 without NUL bytes', () => {
    expect(matchesKind(samples.txt(), 'txt')).toBe(true)
    expect(matchesKind(Buffer.from([0x41, 0x00, 0x42]), 'txt')).toBe(false)
    expect(matchesKind(Buffer.from([0xff, 0xfe, 0x41]), 'txt')).toBe(false)
  })

  it('recognises images by signature', () => {
    expect(matchesKind(samples.png(), 'png')).toBe(true)
    expect(matchesKind(samples.jpg(), 'jpeg')).toBe(true)
    expect(matchesKind(samples.gif(), 'gif')).toBe(true)
    expect(matchesKind(samples.png(), 'gif')).toBe(false)
  })

  it('makes a download header that cannot break out of the header value', () => {
    const header = contentDisposition('re"port\r\nX-Evil: 1 ü.pdf')
    expect(header).not.toMatch(/[\r\n]/)
    expect(header).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''/)
    expect(header).toContain('%C3%BC')
  })
})
