import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config'
import { checkDemoAccounts, DemoAccountsExposedError } from '../../server/db/seed/demo-guard'
import { inArray } from 'drizzle-orm'
import { users } from '../../server/db/schema'
import { createTestApp, openTestApp } from './helpers/test-app'

// The test database holds the demo seed, as a server that once ran in demo mode would.
const app = await openTestApp()

describe('demo accounts on a real deployment', () => {
  it('refuses to start on a public address with a message that says what to do', async () => {
    const config = loadConfig({ HOST: '0.0.0.0' })
    const error = await checkDemoAccounts(app.db, config).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DemoAccountsExposedError)
    expect((error as Error).message).toContain('demo@example.com')
    expect((error as Error).message).toContain('northwind@example.com')
    expect((error as Error).message).toContain('SEED_DEMO=1')
  })

  it('counts the third published account (northwind) on its own', async () => {
    await app.db
      .update(users)
      .set({ isActive: false })
      .where(inArray(users.email, ['demo@example.com', 'staff@example.com']))
    try {
      const error = await checkDemoAccounts(app.db, loadConfig({ HOST: '0.0.0.0' })).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(DemoAccountsExposedError)
    } finally {
      await app.db.update(users).set({ isActive: true })
    }
  })

  it('starts on a loopback address, or publicly when SEED_DEMO=1 says it is a public demo', async () => {
    expect(await checkDemoAccounts(app.db, loadConfig({ HOST: '127.0.0.1' }))).toHaveLength(3)
    expect(await checkDemoAccounts(app.db, loadConfig({ HOST: '0.0.0.0', SEED_DEMO: '1' }))).toHaveLength(3)
  })
})

describe('the demo staff account and two-factor', () => {
  const staffLogin = (instance: typeof app) =>
    instance.inject({
      method: 'POST',
      url: '/api/client/auth/login/',
      payload: { email: 'staff@example.com', password: 'StaffPass!2026' },
    })

  it('signs in without two-factor only in demo mode on a loopback address', async () => {
    expect((await staffLogin(app)).json()).toHaveProperty('access')
  })

  it('asks for two-factor setup in a public demo (SEED_DEMO=1 on a public address)', async () => {
    const publicDemo = await createTestApp({ env: { HOST: '0.0.0.0', SEED_DEMO: '1' } })
    try {
      const answer = (await staffLogin(publicDemo)).json()
      expect(answer).toMatchObject({ two_factor: 'setup' })
      expect(answer).not.toHaveProperty('access')
    } finally {
      await publicDemo.close()
    }
  })
})
