import { randomBytes } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'

export interface UploadPart {
  filename: string
  content: Buffer | string
  contentType?: string
}

/** Builds a multipart/form-data body for `app.inject`. */
export function multipart(fields: Record<string, string>, files: Record<string, UploadPart> = {}) {
  const boundary = `----cypher${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    )
  }
  for (const [name, file] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** Small files whose first bytes are what their extension claims. */
export const samples = {
  pdf: () => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2000)]),
  doc: () =>
    Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), randomBytes(1000)]),
  docx: () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(1000)]),
  png: () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(500)]),
  jpg: () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(500)]),
  gif: () => Buffer.concat([Buffer.from('GIF89a'), randomBytes(500)]),
  txt: () => Buffer.from('Requirements:\n- login\n- payments ✓\n'),
  /** An executable renamed to .pdf. */
  fakePdf: () => Buffer.concat([Buffer.from('MZ\x90\x00'), randomBytes(500)]),
  /** `size` bytes that start like a PDF. */
  bigPdf: (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 0x20)]),
}

/** The file names stored in one upload area (`cvs`, `requirements`, ...); none before the first upload. */
export async function storedUploads(app: FastifyInstance, area: string): Promise<string[]> {
  try {
    return await readdir(path.join(app.config.uploadsDir, area))
  } catch {
    return []
  }
}
