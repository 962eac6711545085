import * as crypto from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { signIn, STAFF } from './helpers/auth'
import { openTestApp } from './helpers/test-app'

// randomInt is the only source of a serial's random part; the tests below decide what it draws.
vi.mock('node:crypto', async (original) => {
  const actual = await original<typeof crypto>()
  return { ...actual, randomInt: vi.fn(actual.randomInt) }
})
const randomInt = vi.mocked(crypto.randomInt)

const app = await openTestApp()
const staff = await signIn(app, STAFF)

const create = () =>
  app.inject({
    method: 'POST',
    url: '/api/certificates/',
    headers: staff.headers,
    payload: {
      recipient_name: 'Omar Saleh',
      recipient_email: 'omar@example.com',
      course_name: 'Cloud Foundations',
      completion_date: '2026-05-01',
      issue_date: '2026-05-02',
    },
  })

afterEach(() => randomInt.mockReset())

describe('serial uniqueness', () => {
  it('draws again when the serial it drew is already taken', async () => {
    // First certificate: every draw is 0, the serial ends in '222222'.
    randomInt.mockImplementation(() => 0)
    const first = await create()
    expect(first.json().serial_number).toBe('CYP-2026-TRNG-222222')

    // Second: the same six zeros first (taken), then ones.
    let calls = 0
    randomInt.mockImplementation(() => (calls++ < 6 ? 0 : 1))
    const second = await create()
    expect(second.statusCode).toBe(201)
    expect(second.json().serial_number).toBe('CYP-2026-TRNG-333333')
  })
})
