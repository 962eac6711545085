import type * as z from 'zod/mini'
import { errorBodySchema } from '@/contract/common'

/*
 * What a group of routes declares alike in OpenAPI: its tags, its sign-in and its error answers. A route
 * file makes its schema maker once, and each route gives only its summary and its own schemas.
 */

/** The bearer token sign-in, as a route declares it in OpenAPI. */
export const bearerSecurity = [{ bearer: [] }]

/** The error answers a route can give, each with the common error body. */
export function errorAnswers<const C extends number>(...codes: C[]): Record<C, typeof errorBodySchema> {
  return Object.fromEntries(codes.map((code) => [code, errorBodySchema])) as Record<C, typeof errorBodySchema>
}

/** What a group of routes shares in its schemas. */
export interface RouteGroup<E extends Record<number, z.ZodMiniType>> {
  tags: string[]
  /** Left out for public routes. */
  security?: typeof bearerSecurity
  errors: E
}

/**
 * A group's schema maker: a route's summary and its own schemas (params, body, answers …), with the group's
 * tags, security and error answers (a route that can also answer another error adds it to `response`).
 */
export function routeSchemas<E extends Record<number, z.ZodMiniType>>(group: RouteGroup<E>) {
  return <const S extends { response: Record<number, z.ZodMiniType> }>(summary: string, schema: S) => ({
    tags: group.tags,
    summary,
    ...(group.security ? { security: group.security } : {}),
    ...schema,
    response: { ...schema.response, ...group.errors },
  })
}
