import type { Readable } from 'node:stream'
import type { FastifyRequest } from 'fastify'
import {
  CONTENT_IMAGE_PATH,
  CONTENT_IMAGE_RULES,
  staffContentMessages,
  type ContentImage,
} from '@/contract/content-staff'
import { StorageUnavailableError, type FileStorage } from '../../adapters/storage'
import type { Database } from '../../db/client'
import { recordAudit, type AuditContext } from '../../lib/audit'
import { notFound } from '../../lib/errors'
import { discardFiles, readMultipart, type FileKind } from '../../lib/uploads'

/** Storage folder of the images staff upload for public content (posts, jobs, ...). */
export const CONTENT_IMAGE_AREA = 'content-images'
const NAME = /^[0-9a-f-]{36}\.(jpg|jpeg|png|gif)$/
const MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
}

/**
 * Stores one uploaded image (field `image`; type checked by its bytes, at most 5 MB) and answers the
 * public path to use as a post's or job's image. The upload is audited; the file is removed again if
 * the audit entry cannot be written.
 */
export async function uploadContentImage(
  deps: { db: Database; storage: FileStorage },
  request: FastifyRequest,
  audit: AuditContext,
): Promise<ContentImage> {
  const { files } = await readMultipart(request, deps.storage, {
    image: {
      kinds: [...CONTENT_IMAGE_RULES.extensions] as FileKind[],
      maxBytes: CONTENT_IMAGE_RULES.maxBytes,
      required: true,
      tooLargeMessage: staffContentMessages.imageTooLarge,
      badTypeMessage: staffContentMessages.imageBadType,
      area: CONTENT_IMAGE_AREA,
    },
  })
  const image = files.image
  if (!image) throw new Error('the image rule is required')
  const url = `${CONTENT_IMAGE_PATH}${image.key}`
  try {
    await deps.db.transaction(async (tx) => {
      await recordAudit(tx, audit, {
        action: 'content_image.upload',
        entityType: 'content_image',
        entityId: null,
        summary: `Image "${image.originalName}" uploaded (${url})`,
        after: { url, name: image.originalName, size: image.size },
      })
    })
  } catch (error) {
    await discardFiles(deps.storage, files)
    throw error
  }
  return { url, name: image.originalName, size: image.size }
}

/** An uploaded content image by its file name (anything else, or a missing file, is 404). */
export async function openContentImage(
  storage: FileStorage,
  name: string,
): Promise<{ stream: Readable; mime: string }> {
  const match = NAME.exec(name)
  if (!match?.[1]) throw notFound()
  try {
    return {
      stream: await storage.open(`${CONTENT_IMAGE_AREA}/${name}`),
      mime: MIME[match[1]] ?? 'image/png',
    }
  } catch (error) {
    if (error instanceof StorageUnavailableError) throw error
    throw notFound()
  }
}
