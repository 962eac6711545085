import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createTestApp } from './helpers/test-app'

// A miniature web build, so each path is answered with the app shell as in production.
const web = await mkdtemp(path.join(os.tmpdir(), 'cypher-csp-'))
await mkdir(path.join(web, 'assets'), { recursive: true })
await writeFile(
  path.join(web, 'index.html'),
  '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div></body></html>',
)

const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_csp',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_csp',
  STRIPE_WEBHOOK_SECRET: 'whsec_csp',
}

/** The policy's directives by name. */
function directives(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string')
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values]),
  )
}

describe('the Content-Security-Policy of checkout screens', () => {
  it('allows Stripe.js, its frames and its API on checkout screens only, when Stripe is configured', async () => {
    const app = await createTestApp({ env: { WEB_DIST: web, ...STRIPE_ENV } })
    try {
      const policy = async (url: string) =>
        directives((await app.inject({ method: 'GET', url })).headers['content-security-policy'])
      for (const checkout of [
        '/wallet',
        '/domain-register',
        '/domain/12/renew',
        '/create-app',
        '/manage-msg/7/payment',
        '/wallet?tab=cards',
      ]) {
        const csp = await policy(checkout)
        expect(csp['script-src'], checkout).toEqual(
          expect.arrayContaining(["'self'", 'https://js.stripe.com']),
        )
        expect(csp['frame-src'], checkout).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com'])
        expect(csp['connect-src'], checkout).toEqual(
          expect.arrayContaining(["'self'", 'https://api.stripe.com']),
        )
        expect(csp['default-src'], checkout).toEqual(["'self'"])
      }
      for (const other of [
        '/',
        '/services',
        '/dashboard',
        '/wallet-tips',
        '/domain/12',
        '/manage-msg/7',
        '/api/payments/config/',
      ]) {
        const header = (await app.inject({ method: 'GET', url: other })).headers['content-security-policy']
        expect(String(header), other).not.toContain('stripe')
        expect(directives(header)['frame-src'], other).toEqual(["'none'"])
      }
    } finally {
      await app.close()
    }
  })

  it('keeps checkout screens as strict as the rest while Stripe is not configured (the sandbox)', async () => {
    const app = await createTestApp({ env: { WEB_DIST: web } })
    try {
      const wallet = await app.inject({ method: 'GET', url: '/wallet' })
      const home = await app.inject({ method: 'GET', url: '/' })
      expect(wallet.headers['content-security-policy']).not.toContain('stripe')
      expect(wallet.headers['content-security-policy']).toBe(home.headers['content-security-policy'])
    } finally {
      await app.close()
    }
  })
})
