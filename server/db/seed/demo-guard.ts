import { isLoopbackHost, type Config } from '../../config'
import type { Executor } from '../client'
import { activeDemoAccounts, DEMO_CLIENT, DEMO_STAFF, SECOND_CLIENT } from './accounts'

export class DemoAccountsExposedError extends Error {
  constructor(host: string, accounts: string[]) {
    super(
      [
        `Refusing to start: the database holds the demo accounts ${accounts.join(', ')}, whose passwords are`,
        `published in the README, and the server would listen on ${host}, which is not a loopback address.`,
        'Either listen on 127.0.0.1 (HOST), start from an empty database (DATA_DIR or DATABASE_URL),',
        'or set SEED_DEMO=1 to run a public demo on purpose.',
      ].join('\n'),
    )
    this.name = 'DemoAccountsExposedError'
  }
}

/**
 * Demo accounts may exist only while the server listens on a loopback address or SEED_DEMO=1 says
 * this is a public demo. Answers whether demo accounts are active (for the start banner).
 */
export async function checkDemoAccounts(
  db: Executor,
  config: Pick<Config, 'host' | 'demo'>,
): Promise<string[]> {
  const present = await activeDemoAccounts(db)
  if (present.length > 0 && !config.demo.explicit && !isLoopbackHost(config.host)) {
    throw new DemoAccountsExposedError(config.host, present)
  }
  return present
}

export const DEMO_ACCOUNT_EMAILS = [DEMO_CLIENT.email, DEMO_STAFF.email, SECOND_CLIENT.email]
