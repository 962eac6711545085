import { SEED_OFFICES } from '@/contract/services'
import type { Executor } from '../client'
import { offices } from '../schema'

/** The Egypt office first: the contact page's office block shows the first office. */
export async function seedOffices(db: Executor) {
  await db.insert(offices).values(SEED_OFFICES.map((office, position) => ({ ...office, position })))
}
