import { projectSlug, slugify } from '@/contract/projects'
import { staffContentMessages } from '@/contract/content-staff'
import {
  type CreatePublicProjectInput,
  type StaffPublicProject,
  type StaffPublicProjectQuery,
  type UpdatePublicProjectInput,
} from '@/contract/projects-staff'
import type { Executor } from '../../db/client'
import { emptyAsNull, partialValues } from '../../db/rows'
import { badRequest } from '../../lib/errors'
import { staffContentChanges } from '../../lib/staff-content-changes'
import * as repo from './repository'

/*
 * The staff console's portfolio projects (issue 15): the projects of /projects, not the clients' portal
 * projects. "Published" is `is_active`, which the public list, the featured list, the project page, its
 * link preview, the sitemap and the assistant follow. Each write and its audit entry are one transaction.
 */

export function toStaffPublicProject(row: repo.PublicProjectRow): StaffPublicProject {
  return {
    id: row.id,
    name: row.name,
    key: row.key,
    path: `/projects/${encodeURIComponent(projectSlug(row))}`,
    short_description: row.shortDescription,
    description: row.description,
    type: row.type,
    year: row.year,
    order: row.order,
    start_date: row.startDate,
    logo: row.logo,
    banner_image: row.bannerImage,
    android_url: row.androidUrl,
    ios_url: row.iosUrl,
    website_url: row.websiteUrl,
    category_id: row.categoryId,
    category: row.category,
    tech_tools: row.techTools,
    images: row.images,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

export const publicProjectOptions = repo.projectOptions

const projectValues = partialValues<UpdatePublicProjectInput, repo.PublicProjectValues>({
  name: 'name',
  key: ['key', emptyAsNull],
  short_description: 'shortDescription',
  description: 'description',
  type: ['type', emptyAsNull],
  year: 'year',
  order: 'order',
  start_date: 'startDate',
  logo: ['logo', emptyAsNull],
  banner_image: ['bannerImage', emptyAsNull],
  android_url: ['androidUrl', emptyAsNull],
  ios_url: ['iosUrl', emptyAsNull],
  website_url: ['websiteUrl', emptyAsNull],
  category_id: 'categoryId',
  tech_tools: 'techTools',
  images: 'images',
})

/**
 * The page lives at /projects/{key}, else at the slug of the name: both must be free (another project
 * answering the same address would hide this one). `featured` is the featured list's own path.
 */
async function checkAddress(tx: Executor, values: repo.PublicProjectValues, id: number | null) {
  if (values.key) {
    if (
      values.key.toLowerCase() === 'featured' ||
      (await repo.projectAddressTaken(tx, 'key', values.key, id))
    )
      throw badRequest(staffContentMessages.keyTaken, { key: [staffContentMessages.keyTaken] })
  }
  if (values.name !== undefined) {
    values.slug = slugify(values.name).slice(0, 100).replace(/-+$/, '') || 'project'
    if (values.slug === 'featured' || (await repo.projectAddressTaken(tx, 'slug', values.slug, id)))
      throw badRequest(staffContentMessages.nameTaken, { name: [staffContentMessages.nameTaken] })
  }
  if (values.categoryId != null && !(await repo.categoryExists(tx, values.categoryId)))
    throw badRequest(staffContentMessages.unknownProfile, {
      category_id: [staffContentMessages.unknownProfile],
    })
}

/**
 * The console's portfolio projects: a new one is not yet on /projects (publishing is its own step);
 * publishing lists it on /projects (and its page, and the assistant's answers), unpublishing hides it.
 */
export const publicProjectStaffService = staffContentChanges({
  entity: 'public_project',
  label: (row: repo.PublicProjectRow) => `Project "${row.name}"`,
  rows: { find: repo.findProjectById, update: repo.updateProject },
  present: toStaffPublicProject,
  listRows: (db, query: StaffPublicProjectQuery, window) =>
    repo.listAllProjects(
      db,
      { search: query.search, active: query.active, categoryId: query.category, sort: query.sort },
      window,
    ),
  insert: async (tx, input: CreatePublicProjectInput) => {
    const values = projectValues(input)
    await checkAddress(tx, values, null)
    return repo.insertProject(tx, { ...values, name: input.name, slug: values.slug ?? '', isActive: false })
  },
  prepare: async (tx, current, input: UpdatePublicProjectInput) => {
    const values = projectValues(input)
    if (values.name === current.name) delete values.name
    await checkAddress(tx, values, current.id)
    return values
  },
})
