import { Transform, type TransformCallback, type Writable } from 'node:stream'
import { finished, pipeline } from 'node:stream/promises'
import type { Multipart, MultipartFile } from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { FileStorage } from '../adapters/storage'
import { NUL_MESSAGE } from '@/contract/common'
import { ApiError, badRequest } from './errors'

/** File kinds we accept anywhere, recognised by their first bytes, not by what the client claims. */
export type FileKind = 'pdf' | 'doc' | 'docx' | 'txt' | 'jpg' | 'jpeg' | 'png' | 'gif'

const MIME: Record<FileKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
}

const startsWith = (head: Buffer, bytes: number[]) => bytes.every((b, i) => head[i] === b)

/** Whether the first bytes of a file match its extension. Text must be UTF-8 without NUL bytes. */
export function matchesKind(head: Buffer, kind: FileKind): boolean {
  switch (kind) {
    case 'pdf':
      return head.subarray(0, 5).toString('latin1') === '%PDF-'
    case 'doc':
      return startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
    case 'docx':
      return startsWith(head, [0x50, 0x4b, 0x03, 0x04])
    case 'jpg':
    case 'jpeg':
      return startsWith(head, [0xff, 0xd8, 0xff])
    case 'png':
      return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    case 'gif': {
      const sig = head.subarray(0, 6).toString('latin1')
      return sig === 'GIF87a' || sig === 'GIF89a'
    }
    case 'txt':
      return !head.includes(0) && isUtf8Prefix(head)
  }
}

function isUtf8Prefix(head: Buffer): boolean {
  try {
    // stream: true lets the sniffed prefix end in the middle of a multi-byte character.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true })
    return true
  } catch {
    return false
  }
}

export interface UploadRule {
  kinds: FileKind[]
  maxBytes: number
  required?: boolean
  /** The spec's texts for this upload. */
  tooLargeMessage: string
  badTypeMessage: string
  /** Storage folder, e.g. 'cvs' or 'ticket-attachments'. */
  area: string
}

export interface StoredFile {
  key: string
  originalName: string
  size: number
  kind: FileKind
  mime: string
}

const SNIFF_BYTES = 512

/** Counts bytes, enforces the size limit while streaming, and checks the magic bytes of the first chunk. */
class UploadGuard extends Transform {
  size = 0
  private head: Buffer[] = []
  private headLength = 0
  private checked = false

  constructor(
    private readonly rule: UploadRule,
    private readonly kind: FileKind,
  ) {
    super()
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.size += chunk.length
    if (this.size > this.rule.maxBytes) return callback(new ApiError(413, this.rule.tooLargeMessage))
    if (this.checked) return callback(null, chunk)
    this.head.push(chunk)
    this.headLength += chunk.length
    if (this.headLength < SNIFF_BYTES) return callback()
    this.flushHead(callback)
  }

  override _flush(callback: TransformCallback) {
    if (!this.checked) this.flushHead(callback)
    else callback()
  }

  private flushHead(callback: TransformCallback) {
    const head = Buffer.concat(this.head)
    this.head = []
    this.checked = true
    if (head.length === 0 || !matchesKind(head.subarray(0, SNIFF_BYTES), this.kind)) {
      return callback(new ApiError(415, this.rule.badTypeMessage))
    }
    callback(null, head)
  }
}

export function extensionOf(filename: string): string {
  const match = /\.([A-Za-z0-9]{1,5})$/.exec(filename)
  return match?.[1]?.toLowerCase() ?? ''
}

/**
 * Characters that change how a name displays without showing themselves: C0 and C1 controls, the
 * bidirectional marks, embeddings, overrides and isolates ('invoice\u202Efdp.exe' shows as a PDF), and
 * zero-width spaces and the BOM.
 */
const HIDDEN_CHARACTERS = /[\p{Cc}\u061c\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff"]/gu

/** A file name safe to show and to put in Content-Disposition: no path, no hidden characters, bounded. */
export function cleanFileName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? 'file'
  const cleaned = base.replace(HIDDEN_CHARACTERS, '').trim()
  return (cleaned || 'file').slice(-200)
}

/** Resolves once a write stream has released its file, destroying it first if it is still open. */
async function closed(stream: Writable): Promise<void> {
  stream.destroy()
  // A destroyed stream "errors" with a premature close; only the moment it is settled matters here.
  await finished(stream).catch(() => undefined)
}

async function storeFile(part: MultipartFile, rule: UploadRule, storage: FileStorage): Promise<StoredFile> {
  const extension = extensionOf(part.filename)
  const kind = rule.kinds.find((k) => k === extension)
  if (!kind) {
    part.file.resume()
    throw new ApiError(415, rule.badTypeMessage)
  }
  const guard = new UploadGuard(rule, kind)
  const { key, stream } = await storage.create(rule.area, kind)
  try {
    await pipeline(part.file, guard, stream)
    // busboy stops at its own limit without an error when throwFileSizeLimit is off; never keep a cut file.
    if (part.file.truncated) throw new ApiError(413, rule.tooLargeMessage)
  } catch (error) {
    // A refused file may be refused before its stream has even opened the file: wait until the stream
    // is closed, or the file would appear after its removal.
    await closed(stream)
    // The refusal is the answer; a store that cannot delete right now must not turn a 413 into a 503.
    await storage.remove(key).catch(() => undefined)
    if (error instanceof ApiError) throw error
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiError(413, rule.tooLargeMessage)
    throw error
  }
  if (guard.size === 0) {
    await storage.remove(key)
    throw new ApiError(415, rule.badTypeMessage)
  }
  return { key, originalName: cleanFileName(part.filename), size: guard.size, kind, mime: MIME[kind] }
}

export const MALFORMED_MULTIPART_MESSAGE = 'Malformed multipart body.'

/** busboy's own parse failures (no boundary, a body cut off mid-part) carry no status: they are the client's. */
function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error) || 'statusCode' in error || 'code' in error) return false
  return /^Multipart: |unexpected end of multipart data|Malformed part header/i.test(error.message)
}

export interface MultipartResult {
  fields: Record<string, string>
  files: Record<string, StoredFile>
}

/**
 * Reads a multipart request: text fields into `fields`, each file named in `rules` streamed to storage
 * with its size and type checked on the way. Anything stored is removed again if the request fails.
 */
export async function readMultipart(
  request: FastifyRequest,
  storage: FileStorage,
  rules: Record<string, UploadRule>,
): Promise<MultipartResult> {
  if (!request.isMultipart()) throw new ApiError(415, 'Expected a multipart/form-data request.')
  const maxBytes = Math.max(...Object.values(rules).map((r) => r.maxBytes))
  const fields: Record<string, string> = {}
  const files: Record<string, StoredFile> = {}
  try {
    const parts: AsyncIterableIterator<Multipart> = request.parts({
      limits: { fileSize: maxBytes + 1, files: Object.keys(rules).length, fields: 40, fieldSize: 100_000 },
    })
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value !== 'string') continue
        if (part.value.includes('\u0000'))
          throw badRequest('Invalid input.', { [part.fieldname]: [NUL_MESSAGE] })
        fields[part.fieldname] = part.value
        continue
      }
      const rule = rules[part.fieldname]
      if (!rule || files[part.fieldname]) {
        part.file.resume()
        throw badRequest('Invalid input.', { [part.fieldname]: ['Unexpected file.'] })
      }
      if (!part.filename) {
        part.file.resume()
        continue
      }
      files[part.fieldname] = await storeFile(part, rule, storage)
    }
    for (const [name, rule] of Object.entries(rules)) {
      if (rule.required && !files[name])
        throw badRequest('Invalid input.', { [name]: ['No file was submitted.'] })
    }
    return { fields, files }
  } catch (error) {
    await discardFiles(storage, files)
    if (isMalformedMultipart(error)) throw badRequest(MALFORMED_MULTIPART_MESSAGE)
    throw error
  }
}

export async function discardFiles(storage: FileStorage, files: Record<string, StoredFile>) {
  await Promise.all(Object.values(files).map((f) => storage.remove(f.key)))
}

/** `attachment; filename="..."; filename*=UTF-8''...` with the name made safe for a header. */
export function contentDisposition(
  filename: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): string {
  const safe = cleanFileName(filename)
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_')
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safe)}`
}
