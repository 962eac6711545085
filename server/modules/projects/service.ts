import type { PageMeta } from '@/contract/page-meta'
import {
  PROJECT_LIMITS,
  projectMessages,
  projectSlug,
  type ProjectDetail,
  type ProjectListItem,
} from '@/contract/projects'
import { site } from '@/contract/site'
import type { Executor } from '../../db/client'
import { notFound } from '../../lib/errors'
import { pageSlug } from '../../lib/page-path'
import { loadPage, PAGE_SIZE, type ListPage } from '../../lib/pagination'
import type { SitemapEntry } from '../../plugins/seo'
import { toProductCategory } from '../product-categories'
import { LISTING_TTL_MS, ListingCache } from './listing-cache'
import * as repo from './repository'

/** The featured endpoint answers at most this many projects. */
export const FEATURED_PROJECTS_LIMIT = 12

export function toListItem({
  project,
  category,
  tools,
  images,
  links,
  countries,
}: repo.ProjectRecord): ProjectListItem {
  const profile = category ? toProductCategory(category) : null
  return {
    id: project.id,
    order: project.order,
    year: project.year,
    short_description: project.shortDescription,
    banner_image: project.bannerImage,
    profile,
    tech_tools: tools,
    images,
    links,
    project: {
      key: project.key,
      name: project.name,
      description: project.description,
      logo: project.logo,
      type: project.type,
      created_at: project.createdAt.toISOString(),
      start_date: project.startDate,
      countries,
      links,
      android_url: project.androidUrl,
      ios_url: project.iosUrl,
      website_url: project.websiteUrl,
      profile: profile?.id ?? null,
    },
  }
}

export interface ProjectListQuery {
  page: number
  search?: string | undefined
  product_category__id?: number | undefined
  type?: string | undefined
}

export type ProjectPage = ListPage<ProjectListItem>

export function createProjectCaches() {
  return {
    lists: new ListingCache<ProjectPage>(LISTING_TTL_MS, 500),
    featured: new ListingCache<ProjectListItem[]>(LISTING_TTL_MS, 1),
  }
}
export type ProjectCaches = ReturnType<typeof createProjectCaches>

export async function listProjects(
  db: Executor,
  query: ProjectListQuery,
  caches?: ProjectCaches,
): Promise<ProjectPage> {
  const filter = { search: query.search, categoryId: query.product_category__id, type: query.type }
  const load = () =>
    loadPage(query.page, PAGE_SIZE.projects, (window) => repo.listProjects(db, filter, window), toListItem)
  if (!caches) return load()
  const key = JSON.stringify([
    query.page,
    query.search?.toLowerCase(),
    filter.categoryId,
    query.type?.toLowerCase(),
  ])
  return caches.lists.get(key, load)
}

export async function listFeaturedProjects(db: Executor, caches?: ProjectCaches): Promise<ProjectListItem[]> {
  const load = async () =>
    (await repo.listFeaturedProjects(db, PROJECT_LIMITS.featuredMaxOrder, FEATURED_PROJECTS_LIMIT)).map(
      toListItem,
    )
  return caches ? caches.featured.get('featured', load) : load()
}

export async function readProject(db: Executor, keyOrSlug: string): Promise<ProjectDetail> {
  const row = await repo.findProject(db, keyOrSlug)
  if (!row) throw notFound(projectMessages.notFound)
  const item = toListItem(row)
  return { ...item, slug: projectSlug(item.project) }
}

/** Title, description and banner of /projects/{key or slug} for link previews. */
export async function projectPageMeta(db: Executor, pathname: string): Promise<PageMeta | null> {
  const segment = pageSlug(pathname, 'projects')
  if (segment === null) return null
  const row = await repo.findProjectSummary(db, segment)
  if (!row) return null
  return {
    title: `${row.name} | ${site.name}`,
    description: row.shortDescription || row.description.slice(0, 200),
    ...(row.bannerImage ? { image: row.bannerImage } : {}),
  }
}

export async function sitemapEntries(db: Executor): Promise<SitemapEntry[]> {
  const rows = await repo.listProjectPaths(db)
  return rows.map((row) => ({
    path: `/projects/${encodeURIComponent(row.key?.trim() || row.slug)}`,
    lastModified: row.updatedAt,
  }))
}
