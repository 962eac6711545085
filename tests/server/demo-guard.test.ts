import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config'
import { checkDemoAccounts, DemoAccountsExposedError } from '../../server/db/seed/demo-guard'
import { openTestApp } from './helpers/test-app'

// The test database holds the demo seed, as a server that once ran in demo mode would.
const app = await openTestApp()

describe('demo accounts on a real deployment', () => {
  it('refuses to start on a public address with a message that says what to do', async () => {
    const config = loadConfig({ HOST: '0.0.0.0' })
    const error = await checkDemoAccounts(app.db, config).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DemoAccountsExposedError)
    expect((error as Error).message).toContain('demo@example.com')
    expect((error as Error).message).toContain('SEED_DEMO=1')
  })

  it('starts on a loopback address, or publicly when SEED_DEMO=1 says it is a public demo', async () => {
    expect(await checkDemoAccounts(app.db, loadConfig({ HOST: '127.0.0.1' }))).toHaveLength(2)
    expect(await checkDemoAccounts(app.db, loadConfig({ HOST: '0.0.0.0', SEED_DEMO: '1' }))).toHaveLength(2)
  })
})
