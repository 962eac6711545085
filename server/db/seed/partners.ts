import type { Executor } from '../client'
import { partners } from '../schema'
import data from './data/projects.json'

export async function seedPartners(db: Executor) {
  await db.insert(partners).values(
    data.partners.map((partner, position) => ({
      name: partner.name,
      // Drawn by scripts/generate-project-art.mjs; a partner without a logo shows the placeholder.
      image: partner.logo ? `/images/partners/${partner.logo}.svg` : null,
      website: `https://${partner.name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example.com`,
      position,
    })),
  )
}
