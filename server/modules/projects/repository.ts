import { and, asc, desc, eq, ilike, lte, or, sql, type SQL } from 'drizzle-orm'
import { readRecordId } from '@/contract/common'
import type { Executor } from '../../db/client'
import {
  countries,
  productCategories,
  projectCountries,
  projectImages,
  projectLinks,
  projects,
  projectTechTools,
  techTools,
} from '../../db/schema'
import { likePattern } from '../../lib/search'

export interface ToolJson {
  id: number
  name: string
  image: string | null
}
export interface ImageJson {
  id: number
  image: string
}
export interface LinkJson {
  id: number
  link_type: string
  url: string
  title: string
  description: string
}
export interface CountryJson {
  id: number
  name: string
  code: string
}

// Children come back as JSON arrays from correlated subqueries: one round trip per page of projects.
const toolsJson = sql<ToolJson[]>`coalesce((
  select json_agg(json_build_object('id', t.id, 'name', t.name, 'image', t.image) order by ptt.position, t.id)
  from ${projectTechTools} ptt join ${techTools} t on t.id = ptt.tool_id
  where ptt.project_id = ${projects.id}), '[]'::json)`

const imagesJson = sql<ImageJson[]>`coalesce((
  select json_agg(json_build_object('id', i.id, 'image', i.image) order by i.position, i.id)
  from ${projectImages} i where i.project_id = ${projects.id}), '[]'::json)`

const linksJson = sql<LinkJson[]>`coalesce((
  select json_agg(json_build_object('id', l.id, 'link_type', l.link_type, 'url', l.url, 'title', l.title,
    'description', l.description) order by l.position, l.id)
  from ${projectLinks} l where l.project_id = ${projects.id}), '[]'::json)`

const countriesJson = sql<CountryJson[]>`coalesce((
  select json_agg(json_build_object('id', c.id, 'name', c.name, 'code', c.code) order by pc.position, c.id)
  from ${projectCountries} pc join ${countries} c on c.id = pc.country_id
  where pc.project_id = ${projects.id}), '[]'::json)`

const projectColumns = {
  project: projects,
  category: productCategories,
  tools: toolsJson,
  images: imagesJson,
  links: linksJson,
  countries: countriesJson,
}

export type ProjectRecord = {
  project: typeof projects.$inferSelect
  category: typeof productCategories.$inferSelect | null
  tools: ToolJson[]
  images: ImageJson[]
  links: LinkJson[]
  countries: CountryJson[]
}

function projectQuery(db: Executor) {
  return db
    .select(projectColumns)
    .from(projects)
    .leftJoin(productCategories, eq(productCategories.id, projects.categoryId))
}

const listingOrder = [asc(projects.order), sql`${projects.year} desc nulls last`, asc(projects.id)]

export interface ProjectFilter {
  search?: string | undefined
  categoryId?: number | undefined
  /** The other reading of the profile filter: a category id, a category name, or a project type. */
  type?: string | undefined
}

function filterConditions({ search, categoryId, type }: ProjectFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = []
  if (search) {
    const pattern = likePattern(search)
    conditions.push(
      or(
        ilike(projects.name, pattern),
        ilike(projects.shortDescription, pattern),
        ilike(projects.description, pattern),
        ilike(projects.key, pattern),
        sql`exists (select 1 from ${projectTechTools} ptt join ${techTools} t on t.id = ptt.tool_id
          where ptt.project_id = ${projects.id} and t.name ilike ${pattern})`,
      ),
    )
  }
  if (categoryId !== undefined) conditions.push(eq(projects.categoryId, categoryId))
  if (type) {
    const typeId = readRecordId(type)
    if (typeId !== null) {
      conditions.push(eq(projects.categoryId, typeId))
    } else {
      conditions.push(
        or(
          sql`${projects.categoryId} in (select pcat.id from ${productCategories} pcat
            where lower(pcat.name) = lower(${type}))`,
          sql`lower(${projects.type}) = lower(${type})`,
        ),
      )
    }
  }
  return conditions.length > 0 ? and(...conditions) : undefined
}

export async function listProjects(
  db: Executor,
  filter: ProjectFilter,
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: ProjectRecord[] }> {
  const where = filterConditions(filter)
  const [rows, [total]] = await Promise.all([
    projectQuery(db)
      .where(where)
      .orderBy(...listingOrder)
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(projects)
      .where(where),
  ])
  return { count: total?.count ?? 0, rows }
}

export async function listFeaturedProjects(
  db: Executor,
  maxOrder: number,
  limit: number,
): Promise<ProjectRecord[]> {
  return projectQuery(db)
    .where(lte(projects.order, maxOrder))
    .orderBy(...listingOrder)
    .limit(limit)
}

/** A project by its key or by the slug of its name (both case-insensitive); a key wins over a slug. */
export async function findProject(db: Executor, keyOrSlug: string): Promise<ProjectRecord | undefined> {
  const wanted = keyOrSlug.toLowerCase()
  const byKey = eq(sql`lower(${projects.key})`, wanted)
  const [row] = await projectQuery(db)
    .where(or(byKey, eq(projects.slug, wanted)))
    .orderBy(desc(sql`coalesce(${byKey}, false)`))
    .limit(1)
  return row
}

/** What a link preview of a project page needs, without its children. */
export async function findProjectSummary(db: Executor, keyOrSlug: string) {
  const wanted = keyOrSlug.toLowerCase()
  const byKey = eq(sql`lower(${projects.key})`, wanted)
  const [row] = await db
    .select({
      name: projects.name,
      shortDescription: projects.shortDescription,
      description: projects.description,
      bannerImage: projects.bannerImage,
    })
    .from(projects)
    .where(or(byKey, eq(projects.slug, wanted)))
    .orderBy(desc(sql`coalesce(${byKey}, false)`))
    .limit(1)
  return row
}

export async function listProjectPaths(db: Executor) {
  return db
    .select({ key: projects.key, slug: projects.slug, updatedAt: projects.updatedAt })
    .from(projects)
    .orderBy(...listingOrder)
}
