import { countryName } from '@/contract/countries'
import { slugify } from '@/contract/projects'
import type { Executor } from '../client'
import * as schema from '../schema'
import data from './data/projects.json'

// The same data drives scripts/generate-project-art.mjs, which draws every image referenced here.
const art = (folder: string, file: string) => `/images/projects/${folder}/${file}`

const linkTitles: Record<string, { title: string; description: string }> = {
  play_store: { title: 'Google Play', description: 'Android app' },
  app_store: { title: 'App Store', description: 'iPhone and iPad app' },
  website: { title: 'Website', description: 'Live product website' },
  github: { title: 'GitHub', description: 'Source code repository' },
  demo: { title: 'Live Demo', description: 'Try the product with demo data' },
  admin_panel: { title: 'Admin Panel', description: 'Operations dashboard (demo access on request)' },
  documentation: { title: 'Documentation', description: 'Product and API documentation' },
}

function linkUrl(type: string, folder: string): string {
  const host = folder.replace(/[^a-z0-9-]/g, '')
  switch (type) {
    case 'play_store':
      return `https://play.google.com/store/apps/details?id=com.cypherdemo.${host.replace(/-/g, '')}`
    case 'app_store':
      return `https://apps.apple.com/app/${host}/id${1_600_000_000 + host.length * 7_919}`
    case 'github':
      return `https://github.com/cypher-demo/${host}`
    case 'website':
      return `https://${host}.example.com`
    default:
      return `https://${type.replace(/_/g, '-')}.${host}.example.com`
  }
}

/** The demo portfolio: 3 profiles, 25 projects (two pages of 20), tools, countries in mixed formats. */
export async function seedProjects(db: Executor) {
  const categoryRows = await db
    .insert(schema.productCategories)
    .values(data.categories.map((c, position) => ({ ...c, position })))
    .returning()
  const categoryId = new Map(categoryRows.map((row) => [row.name, row.id]))

  const toolRows = await db
    .insert(schema.techTools)
    .values(
      data.tools.map((tool) => ({
        name: tool.name,
        image: tool.icon ? `/images/projects/tools/${tool.icon}.svg` : null,
      })),
    )
    .returning()
  const toolId = new Map(toolRows.map((row) => [row.name, row.id]))

  const codes = [...new Set(data.projects.flatMap((p) => p.countries))]
  const countryRows = await db
    .insert(schema.countries)
    .values(codes.map((code) => ({ code, name: countryName(code) || code })))
    .returning()
  const countryId = new Map(countryRows.map((row) => [row.code, row.id]))

  for (const item of data.projects) {
    const urlOf = (type: string) => (item.links.includes(type) ? linkUrl(type, item.art) : null)
    const [project] = await db
      .insert(schema.projects)
      .values({
        key: item.key,
        slug: slugify(item.name),
        name: item.name,
        description: item.description,
        shortDescription: item.short,
        logo: art(item.art, 'logo.svg'),
        bannerImage: art(item.art, 'banner.svg'),
        type: item.type,
        year: item.year,
        order: item.order,
        startDate: item.start,
        androidUrl: urlOf('play_store'),
        iosUrl: urlOf('app_store'),
        websiteUrl: urlOf('website'),
        categoryId: categoryId.get(item.category) ?? null,
        createdAt: new Date(`${item.start}T09:00:00Z`),
      })
      .returning({ id: schema.projects.id })
    if (!project) throw new Error(`project ${item.name} was not created`)
    await db.insert(schema.projectTechTools).values(
      item.tools.map((name, position) => {
        const id = toolId.get(name)
        if (id === undefined) throw new Error(`unknown tool ${name}`)
        return { projectId: project.id, toolId: id, position }
      }),
    )
    await db.insert(schema.projectCountries).values(
      item.countries.map((code, position) => {
        const id = countryId.get(code)
        if (id === undefined) throw new Error(`unknown country ${code}`)
        return { projectId: project.id, countryId: id, position }
      }),
    )
    await db.insert(schema.projectImages).values(
      Array.from({ length: item.screens }, (_, i) => ({
        projectId: project.id,
        image: art(item.art, `screen-${i + 1}.svg`),
        position: i,
      })),
    )
    await db.insert(schema.projectLinks).values(
      item.links.map((type, position) => ({
        projectId: project.id,
        linkType: type,
        url: linkUrl(type, item.art),
        title: linkTitles[type]?.title ?? type,
        description: linkTitles[type]?.description ?? '',
        position,
      })),
    )
  }
}
