import { and, asc, desc, eq, getTableColumns, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm'
import { readRecordId } from '@/contract/common'
import type { Executor } from '../../db/client'
import { listPage, rowExists, type RowPage } from '../../db/rows'
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
import { equalsIfGiven, likePattern } from '../../lib/search'
import type { PageWindow } from '../../lib/pagination'

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

/** Visitors (lists, pages, link previews, the sitemap) see published projects only. */
const published = eq(projects.isActive, true)

function searchCondition(search: string): SQL | undefined {
  const pattern = likePattern(search)
  return or(
    ilike(projects.name, pattern),
    ilike(projects.shortDescription, pattern),
    ilike(projects.description, pattern),
    ilike(projects.key, pattern),
    sql`exists (select 1 from ${projectTechTools} ptt join ${techTools} t on t.id = ptt.tool_id
      where ptt.project_id = ${projects.id} and t.name ilike ${pattern})`,
  )
}

function filterConditions({ search, categoryId, type }: ProjectFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [published]
  if (search) conditions.push(searchCondition(search))
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
  return and(...conditions)
}

export async function listProjects(
  db: Executor,
  filter: ProjectFilter,
  window: PageWindow,
): Promise<RowPage<ProjectRecord>> {
  const where = filterConditions(filter)
  return listPage(db, projectQuery(db).$dynamic(), { where, orderBy: listingOrder, window })
}

export async function listFeaturedProjects(
  db: Executor,
  maxOrder: number,
  limit: number,
): Promise<ProjectRecord[]> {
  return projectQuery(db)
    .where(and(published, lte(projects.order, maxOrder)))
    .orderBy(...listingOrder)
    .limit(limit)
}

/** A project by its key or by the slug of its name (both case-insensitive); a key wins over a slug. */
export async function findProject(db: Executor, keyOrSlug: string): Promise<ProjectRecord | undefined> {
  const wanted = keyOrSlug.toLowerCase()
  const byKey = eq(sql`lower(${projects.key})`, wanted)
  const [row] = await projectQuery(db)
    .where(and(published, or(byKey, eq(projects.slug, wanted))))
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
    .where(and(published, or(byKey, eq(projects.slug, wanted))))
    .orderBy(desc(sql`coalesce(${byKey}, false)`))
    .limit(1)
  return row
}

export async function listProjectPaths(db: Executor) {
  return db
    .select({ key: projects.key, slug: projects.slug, updatedAt: projects.updatedAt })
    .from(projects)
    .where(published)
    .orderBy(...listingOrder)
}

// ---------------------------------------------------------------------------------------------------
// The staff console: every portfolio project, unpublished ones too.

/** A project's own columns with its profile's name, tool names and screenshot paths (what the form edits). */
export type PublicProjectRow = typeof projects.$inferSelect & {
  category: string | null
  techTools: string[]
  images: string[]
}
export type PublicProjectValues = Partial<typeof projects.$inferInsert> & {
  techTools?: string[]
  images?: string[]
}

const staffColumns = {
  ...getTableColumns(projects),
  category: productCategories.name,
  techTools: sql<string[]>`coalesce((
    select json_agg(t.name order by ptt.position, t.id)
    from ${projectTechTools} ptt join ${techTools} t on t.id = ptt.tool_id
    where ptt.project_id = ${projects.id}), '[]'::json)`,
  images: sql<string[]>`coalesce((
    select json_agg(i.image order by i.position, i.id)
    from ${projectImages} i where i.project_id = ${projects.id}), '[]'::json)`,
}

function staffQuery(db: Executor) {
  return db
    .select(staffColumns)
    .from(projects)
    .leftJoin(productCategories, eq(productCategories.id, projects.categoryId))
}

export interface StaffProjectFilter {
  search?: string | undefined
  active?: boolean | undefined
  categoryId?: number | undefined
  sort: 'order' | 'name' | 'newest' | 'updated'
}

export async function listAllProjects(
  db: Executor,
  filter: StaffProjectFilter,
  window: PageWindow,
): Promise<RowPage<PublicProjectRow>> {
  const where = [
    equalsIfGiven(projects.isActive, filter.active),
    equalsIfGiven(projects.categoryId, filter.categoryId),
    filter.search ? searchCondition(filter.search) : undefined,
  ]
  const order = {
    order: listingOrder,
    name: [asc(projects.name), asc(projects.id)],
    newest: [desc(projects.createdAt), desc(projects.id)],
    updated: [desc(projects.updatedAt), desc(projects.id)],
  }[filter.sort]
  return listPage(db, staffQuery(db).$dynamic(), { where, orderBy: order, window })
}

export async function findProjectById(db: Executor, id: number): Promise<PublicProjectRow | undefined> {
  const [row] = await staffQuery(db).where(eq(projects.id, id)).limit(1)
  return row
}

/** Whether another project (not `exceptId`) has this slug, or this key in any letter case. */
export async function projectAddressTaken(
  db: Executor,
  column: 'slug' | 'key',
  value: string,
  exceptId: number | null,
): Promise<boolean> {
  const match =
    column === 'slug' ? eq(projects.slug, value) : eq(sql`lower(${projects.key})`, value.toLowerCase())
  return rowExists(db, projects, exceptId === null ? match : and(match, sql`${projects.id} <> ${exceptId}`))
}

async function replaceTools(db: Executor, projectId: number, names: string[]) {
  await db.delete(projectTechTools).where(eq(projectTechTools.projectId, projectId))
  // Tools are matched whatever the letter case: "react" links the existing "React".
  const unique = [...new Map(names.map((n) => [n.toLowerCase(), n])).values()]
  if (unique.length === 0) return
  const known = await db
    .select({ id: techTools.id, name: techTools.name })
    .from(techTools)
    .where(inArray(sql`lower(${techTools.name})`, [...new Set(unique.map((n) => n.toLowerCase()))]))
  const idOf = new Map(known.map((t) => [t.name.toLowerCase(), t.id]))
  const missing = unique.filter((name) => !idOf.has(name.toLowerCase()))
  if (missing.length > 0) {
    const added = await db
      .insert(techTools)
      .values(missing.map((name) => ({ name })))
      .returning({ id: techTools.id, name: techTools.name })
    for (const tool of added) idOf.set(tool.name.toLowerCase(), tool.id)
  }
  const links = unique.flatMap((name, position) => {
    const toolId = idOf.get(name.toLowerCase())
    return toolId === undefined ? [] : [{ projectId, toolId, position }]
  })
  if (links.length > 0) await db.insert(projectTechTools).values(links)
}

async function replaceImages(db: Executor, projectId: number, images: string[]) {
  await db.delete(projectImages).where(eq(projectImages.projectId, projectId))
  if (images.length > 0)
    await db.insert(projectImages).values(images.map((image, position) => ({ projectId, image, position })))
}

async function storeChildren(db: Executor, projectId: number, values: PublicProjectValues) {
  if (values.techTools !== undefined) await replaceTools(db, projectId, values.techTools)
  if (values.images !== undefined) await replaceImages(db, projectId, values.images)
}

export async function insertProject(
  db: Executor,
  values: PublicProjectValues & typeof projects.$inferInsert,
): Promise<PublicProjectRow> {
  const { techTools: _tools, images: _images, ...columns } = values
  const [row] = await db.insert(projects).values(columns).returning({ id: projects.id })
  if (!row) throw new Error('insert returned no project')
  await storeChildren(db, row.id, values)
  const stored = await findProjectById(db, row.id)
  if (!stored) throw new Error('the new project was not found')
  return stored
}

export async function updateProject(
  db: Executor,
  id: number,
  values: PublicProjectValues,
): Promise<PublicProjectRow | undefined> {
  const { techTools: _tools, images: _images, ...columns } = values
  await db
    .update(projects)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(projects.id, id))
  await storeChildren(db, id, values)
  return findProjectById(db, id)
}

/** Profiles and every known tool name, for the console's project form. */
export async function projectOptions(db: Executor) {
  const [categories, tools] = await Promise.all([
    db
      .select({ id: productCategories.id, name: productCategories.name })
      .from(productCategories)
      .orderBy(asc(productCategories.position), asc(productCategories.id)),
    db.select({ name: techTools.name }).from(techTools).orderBy(asc(techTools.name)),
  ])
  return { categories, tech_tools: tools.map((t) => t.name) }
}

export async function categoryExists(db: Executor, id: number): Promise<boolean> {
  return rowExists(db, productCategories, eq(productCategories.id, id))
}
