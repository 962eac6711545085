import { slugify } from '@/contract/projects'
import { staffContentMessages } from '@/contract/content-staff'
import { badRequest } from './errors'

/**
 * The address of a post or job written in the console: the slug given (refused when reserved or taken
 * by another row), else one made from the title, with -2, -3… added until it is free.
 */
export async function chooseSlug(options: {
  given: string | null | undefined
  title: string
  reserved: readonly string[]
  /** Whether another row (not the one being edited) already has this slug. */
  taken: (slug: string) => Promise<boolean>
}): Promise<string> {
  const given = options.given?.trim()
  if (given) {
    if (options.reserved.includes(given))
      throw badRequest(staffContentMessages.slugReserved, { slug: [staffContentMessages.slugReserved] })
    if (await options.taken(given))
      throw badRequest(staffContentMessages.slugTaken, { slug: [staffContentMessages.slugTaken] })
    return given
  }
  const base = slugify(options.title).slice(0, 100).replace(/-+$/, '') || 'untitled'
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`
    if (!options.reserved.includes(candidate) && !(await options.taken(candidate))) return candidate
  }
}
