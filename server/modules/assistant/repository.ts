import { asc, desc, eq, inArray } from 'drizzle-orm'
import { EXPERIENCE_LEVEL_LABELS, JOB_TYPE_LABELS, WORK_FROM_LABELS } from '@/contract/careers'
import { projectSlug } from '@/contract/projects'
import type { JobFact, OfficeFact, ProjectFact, SiteContent } from '../../adapters/assistant/knowledge/types'
import type { Executor } from '../../db/client'
import { allRows } from '../../db/rows'
import {
  countries,
  jobs,
  offices,
  productCategories,
  projectCountries,
  projects,
  projectTechTools,
  techTools,
} from '../../db/schema'

/** More than any real portfolio; keeps one answer's work bounded if the tables grow. */
const MAX_ROWS = 1000

async function readProjects(db: Executor): Promise<ProjectFact[]> {
  const rows = await db
    .select({
      id: projects.id,
      key: projects.key,
      slug: projects.slug,
      name: projects.name,
      description: projects.description,
      shortDescription: projects.shortDescription,
      type: projects.type,
      year: projects.year,
      order: projects.order,
      category: productCategories.name,
    })
    .from(projects)
    .leftJoin(productCategories, eq(productCategories.id, projects.categoryId))
    .where(eq(projects.isActive, true))
    .orderBy(asc(projects.order), asc(projects.id))
    .limit(MAX_ROWS)
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const [tools, places] = await Promise.all([
    db
      .select({ projectId: projectTechTools.projectId, name: techTools.name })
      .from(projectTechTools)
      .innerJoin(techTools, eq(techTools.id, projectTechTools.toolId))
      .where(inArray(projectTechTools.projectId, ids))
      .orderBy(asc(projectTechTools.position)),
    db
      .select({ projectId: projectCountries.projectId, name: countries.name })
      .from(projectCountries)
      .innerJoin(countries, eq(countries.id, projectCountries.countryId))
      .where(inArray(projectCountries.projectId, ids))
      .orderBy(asc(projectCountries.position)),
  ])
  const byProject = (list: { projectId: number; name: string }[], id: number) =>
    list.filter((item) => item.projectId === id).map((item) => item.name)
  return rows.map((row) => {
    const path = projectSlug({ key: row.key, name: row.name })
    return {
      id: row.id,
      slug: path,
      aliases: [row.slug, row.key ?? ''].filter((alias) => alias !== '' && alias !== path),
      name: row.name,
      description: row.description,
      shortDescription: row.shortDescription,
      type: row.type,
      year: row.year,
      category: row.category,
      technologies: byProject(tools, row.id),
      countries: byProject(places, row.id),
      order: row.order,
    }
  })
}

async function readJobs(db: Executor): Promise<JobFact[]> {
  const featuredFirst = [desc(jobs.isFeatured), desc(jobs.createdAt), asc(jobs.id)]
  const rows = await allRows(db, jobs, eq(jobs.isActive, true), featuredFirst, MAX_ROWS)
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    department: row.department,
    location: row.location,
    jobType: JOB_TYPE_LABELS[row.jobType],
    workFrom: WORK_FROM_LABELS[row.workFrom],
    experienceLevel: EXPERIENCE_LEVEL_LABELS[row.experienceLevel],
    salaryRange: row.salaryRange,
    skills: Array.isArray(row.skills)
      ? row.skills
      : row.skills
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
    description: row.description,
  }))
}

async function readOffices(db: Executor): Promise<OfficeFact[]> {
  const byPosition = [asc(offices.position), asc(offices.id)]
  const rows = await allRows(db, offices, eq(offices.isActive, true), byPosition, 50)
  return rows.map((row) => ({
    title: row.title,
    address: row.address,
    phone: row.phone ?? '',
    email: row.email ?? '',
  }))
}

/** The database content the assistant answers from: published projects, open jobs and published offices. */
export async function readSiteContent(db: Executor): Promise<SiteContent> {
  const [projectFacts, jobFacts, officeFacts] = await Promise.all([
    readProjects(db),
    readJobs(db),
    readOffices(db),
  ])
  return { projects: projectFacts, jobs: jobFacts, offices: officeFacts }
}
