import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../client'
import { clients, users } from '../schema'
import { hashPassword } from '../../lib/password'

import { DEMO_CLIENT, DEMO_STAFF, SECOND_CLIENT } from '../../lib/demo-accounts'

export { DEMO_CLIENT, DEMO_STAFF, SECOND_CLIENT }

export async function seedAccounts(db: Executor, passwordHashCost: number) {
  const [demoHash, staffHash] = await Promise.all([
    hashPassword(DEMO_CLIENT.password, passwordHashCost),
    hashPassword(DEMO_STAFF.password, passwordHashCost),
  ])
  const [demo] = await db
    .insert(users)
    .values({
      email: DEMO_CLIENT.email,
      passwordHash: demoHash,
      firstName: 'Dana',
      lastName: 'Mercer',
      role: 'client',
    })
    .returning()
  const [staff] = await db
    .insert(users)
    .values({
      email: DEMO_STAFF.email,
      passwordHash: staffHash,
      firstName: 'Sami',
      lastName: 'Haddad',
      role: 'staff',
    })
    .returning()
  if (!demo || !staff) throw new Error('demo accounts were not created')
  // Hashed after the first two: each scrypt hash at the default cost holds 128 MB while it runs.
  const [second] = await db
    .insert(users)
    .values({
      email: SECOND_CLIENT.email,
      passwordHash: await hashPassword(SECOND_CLIENT.password, passwordHashCost),
      firstName: 'Omar',
      lastName: 'Khalil',
      role: 'client',
    })
    .returning()
  if (!second) throw new Error('the second client was not created')
  await db.insert(clients).values([
    {
      userId: demo.id,
      companyName: 'Demo Company',
      phone: '+1 312 555 0199',
      address: '233 S Wacker Dr, Chicago, IL',
    },
    {
      userId: second.id,
      companyName: 'Northwind Logistics',
      phone: '+971 4 555 0123',
      address: 'Jebel Ali Free Zone, Dubai, UAE',
    },
  ])
  return { demoUserId: demo.id, staffUserId: staff.id, secondClientUserId: second.id }
}

/** The demo accounts (all three published passwords) that exist and can sign in. */
export async function activeDemoAccounts(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        inArray(sql`lower(${users.email})`, [DEMO_CLIENT.email, DEMO_STAFF.email, SECOND_CLIENT.email]),
        eq(users.isActive, true),
      ),
    )
  return rows.map((row) => row.email)
}
