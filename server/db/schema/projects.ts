import { boolean, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { id, parentId, optionalRef, timestamps } from './columns'

/** A product category; it is also the "profile" a project belongs to (the /projects filter). */
export const productCategories = pgTable('product_categories', {
  id: id(),
  name: text().notNull().unique(),
  description: text().notNull().default(''),
  /** Position of the filter button. */
  position: integer().notNull().default(0),
  ...timestamps(),
})

export const techTools = pgTable('tech_tools', {
  id: id(),
  name: text().notNull().unique(),
  /** Icon path or URL; null shows the tool's first letter. */
  image: text(),
})

/** A country as entered: `code` may be a two-letter code, a three-letter code or a name. */
export const countries = pgTable('countries', {
  id: id(),
  name: text().notNull(),
  code: text().notNull().unique(),
})

export const projects = pgTable(
  'projects',
  {
    id: id(),
    /** The project's own key; its page lives at /projects/{key}, else at the slug of its name. */
    key: text().unique(),
    slug: text().notNull().unique(),
    name: text().notNull(),
    description: text().notNull().default(''),
    shortDescription: text().notNull().default(''),
    logo: text(),
    bannerImage: text(),
    /** 'Mobile App', 'Web Platform', ...; the page shows 'Application' when null. */
    type: text(),
    year: integer(),
    /** Listing order; 3 or lower shows 'Featured'. */
    order: integer().notNull().default(100),
    startDate: date({ mode: 'string' }),
    androidUrl: text(),
    iosUrl: text(),
    websiteUrl: text(),
    categoryId: optionalRef(() => productCategories.id),
    /** Published: listed on /projects, its page and the assistant's answers; staff unpublish it to hide it. */
    isActive: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    index('projects_listing_idx').on(t.order, t.year, t.id),
    index('projects_category_idx').on(t.categoryId),
  ],
)

export const projectTechTools = pgTable(
  'project_tech_tools',
  {
    projectId: parentId(() => projects.id),
    toolId: parentId(() => techTools.id),
    position: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.toolId] }),
    index('project_tech_tools_tool_idx').on(t.toolId),
  ],
)

export const projectCountries = pgTable(
  'project_countries',
  {
    projectId: parentId(() => projects.id),
    countryId: parentId(() => countries.id),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.countryId] })],
)

/** Screenshots, shown in order in the viewer. */
export const projectImages = pgTable(
  'project_images',
  {
    id: id(),
    projectId: parentId(() => projects.id),
    image: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [index('project_images_project_idx').on(t.projectId, t.position)],
)

export const projectLinks = pgTable(
  'project_links',
  {
    id: id(),
    projectId: parentId(() => projects.id),
    /** play_store, app_store, website, github, demo, admin_panel or another type. */
    linkType: text().notNull(),
    url: text().notNull(),
    title: text().notNull().default(''),
    description: text().notNull().default(''),
    position: integer().notNull().default(0),
  },
  (t) => [index('project_links_project_idx').on(t.projectId, t.position)],
)
