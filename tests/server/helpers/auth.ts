import { and, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { refreshTokens } from '../../../server/db/schema'
import { hashToken } from '../../../server/lib/tokens'

export const DEMO = { email: 'demo@example.com', password: 'DemoPass!2026' }
export const STAFF = { email: 'staff@example.com', password: 'StaffPass!2026' }

export interface SignedIn {
  access: string
  refresh: string
  headers: { authorization: string }
  client: { id: number; first_name: string }
}

let addressCounter = 0
/** Each simulated visitor calls from its own address, so per-IP rate limits do not couple unrelated tests. */
export function nextAddress(): string {
  addressCounter += 1
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`
}

export async function signIn(app: FastifyInstance, credentials = DEMO): Promise<SignedIn> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/client/auth/login/',
    payload: credentials,
    remoteAddress: nextAddress(),
  })
  expect(response.statusCode).toBe(200)
  const body = response.json()
  return { ...body, headers: { authorization: `Bearer ${body.access}` } }
}

let counter = 0
/** Registers a new client with a unique e-mail and signs it in. */
export async function registerClient(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<SignedIn & { email: string }> {
  counter += 1
  const email = `client${counter}.${Date.now()}@example.com`
  const response = await app.inject({
    method: 'POST',
    url: '/api/client/auth/register/',
    remoteAddress: nextAddress(),
    payload: {
      email,
      first_name: 'Test',
      last_name: `Client${counter}`,
      password: 'Str0ng!Pass',
      confirm_password: 'Str0ng!Pass',
      company_name: `Company ${counter}`,
      phone: '+1 555 0100',
      accept_terms: true,
      ...overrides,
    },
  })
  expect(response.statusCode).toBe(201)
  const body = response.json()
  return { ...body, email, headers: { authorization: `Bearer ${body.access}` } }
}

/**
 * Moves a refresh token's rotation `ms` into the past, as if its retry came that much later (the reuse
 * grace window is measured from the rotation).
 */
export async function ageRotation(app: FastifyInstance, refresh: string, ms: number): Promise<void> {
  const rows = await app.db
    .update(refreshTokens)
    .set({ rotatedAt: sql`${refreshTokens.rotatedAt} - make_interval(secs => ${ms / 1000})` })
    .where(eq(refreshTokens.tokenHash, hashToken(refresh)))
    .returning({ rotatedAt: refreshTokens.rotatedAt })
  expect(rows[0]?.rotatedAt).toBeInstanceOf(Date)
}

/** The tokens of a refresh-token family that can still be exchanged (neither rotated nor revoked). */
export async function liveTokensOf(app: FastifyInstance, familyId: string) {
  return app.db
    .select()
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
      ),
    )
}

/** The session (refresh-token family) an access token belongs to: its `sid` claim. */
export const sessionIdOf = (access: string): string =>
  JSON.parse(Buffer.from(access.split('.')[1] ?? '', 'base64url').toString()).sid
