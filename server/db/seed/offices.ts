import type { Executor } from '../client'
import { offices } from '../schema'

/**
 * The offices the demo database starts with; staff change them in the console. The first one is
 * the Egypt office, which is also the office block's default map location.
 */
export const SEED_OFFICES = [
  {
    title: 'Cairo Headquarters',
    address: 'Central Axis, Business District, 6th of October City, Giza, Egypt',
    phone: '+20 100 555 0142',
    email: 'egypt@cypher.example',
    lat: 29.9726,
    lng: 30.943,
  },
  {
    title: 'Dubai Office',
    address: 'Dubai Internet City, Building 3, Dubai, United Arab Emirates',
    phone: '+971 4 555 0187',
    email: 'uae@cypher.example',
    lat: 25.0772,
    lng: 55.1395,
  },
] as const satisfies Omit<typeof offices.$inferInsert, 'position'>[]

/** The Egypt office first: the contact page's office block shows the first office. */
export async function seedOffices(db: Executor) {
  await db.insert(offices).values(SEED_OFFICES.map((office, position) => ({ ...office, position })))
}
