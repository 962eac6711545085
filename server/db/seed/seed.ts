import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { lockForTransaction, type Database } from '../client'
import { appMeta } from '../schema'
import { seedAccounts } from './accounts'
import { seedBlog } from './blog'
import { seedCareers } from './careers'
import { seedDomains } from './domains'
import { seedOffers } from './offers'
import { seedOffices } from './offices'
import { seedPartners } from './partners'
import { seedPortal } from './portal'
import { seedProjects } from './projects'

const SEED_KEY = 'demo_seed'

/**
 * Seeds the demo data once per database, in one transaction: a crash half-way leaves nothing behind
 * and the next start tries again.
 */
/** Any fixed number: the advisory lock the demo seed holds while it runs. */
const SEED_LOCK_KEY = 7_301_531

export async function seedDemo(db: Database, options: { passwordHashCost: number; log?: FastifyBaseLogger }) {
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, SEED_KEY))
  if (done) return false
  const seeded = await db.transaction(async (tx) => {
    // Instances starting together on an empty database: one seeds, the others wait and find it done.
    await lockForTransaction(tx, SEED_LOCK_KEY)
    const [doneMeanwhile] = await tx.select().from(appMeta).where(eq(appMeta.key, SEED_KEY))
    if (doneMeanwhile) return false
    const accounts = await seedAccounts(tx, options.passwordHashCost)
    await seedOffices(tx)
    await seedBlog(tx)
    await seedCareers(tx)
    await seedProjects(tx)
    await seedPartners(tx)
    await seedOffers(tx)
    await seedPortal(tx, accounts)
    await seedDomains(tx, accounts)
    await tx.insert(appMeta).values({ key: SEED_KEY, value: { at: new Date().toISOString(), ...accounts } })
    return true
  })
  if (!seeded) return false
  options.log?.info('demo data seeded')
  return true
}
