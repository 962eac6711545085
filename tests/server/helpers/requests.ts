import type { FastifyInstance, InjectOptions } from 'fastify'
import { multipart, type UploadPart } from './multipart'

/** Who calls: a signed-in caller's headers (a `SignedIn` fits) and the client address. */
export interface Caller {
  headers?: Record<string, string>
  remoteAddress?: string
}

/** `app.inject` shorthands every API test file uses: JSON calls, multipart forms, optional caller. */
export function requests(app: FastifyInstance) {
  const send = (options: InjectOptions, who: Caller | undefined) =>
    app.inject({
      ...options,
      headers: { ...who?.headers, ...options.headers },
      ...(who?.remoteAddress ? { remoteAddress: who.remoteAddress } : {}),
    })
  return {
    get: (url: string, who?: Caller) => send({ method: 'GET', url }, who),
    post: (url: string, payload: object, who?: Caller) => send({ method: 'POST', url, payload }, who),
    patch: (url: string, payload: object, who?: Caller) => send({ method: 'PATCH', url, payload }, who),
    postForm: (
      url: string,
      fields: Record<string, string>,
      files: Record<string, UploadPart> = {},
      who?: Caller,
    ) => send({ method: 'POST', url, ...multipart(fields, files) }, who),
  }
}
