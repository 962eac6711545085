import type MiniSearch from 'minisearch'
import type { Service } from '@/contract/services'
import type { FaqEntry } from './faq'

/** A project as the assistant knows it, read from the projects tables. */
export interface ProjectFact {
  id: number
  /** The path segment of /projects/{slug}: the key, else the slug of the name. */
  slug: string
  /** Other names the project can be looked up by (its stored slug). */
  aliases: string[]
  name: string
  description: string
  shortDescription: string
  type: string | null
  year: number | null
  category: string | null
  technologies: string[]
  countries: string[]
  order: number
}

/** An open position, read from the jobs table. */
export interface JobFact {
  id: number
  slug: string
  title: string
  department: string
  location: string
  jobType: string
  workFrom: string
  experienceLevel: string
  salaryRange: string
  skills: string[]
  description: string
}

export interface OfficeFact {
  title: string
  address: string
  phone: string
  email: string
}

/** The database part of the knowledge; the catalogue and the FAQ come from code. */
export interface SiteContent {
  projects: ProjectFact[]
  jobs: JobFact[]
  offices: OfficeFact[]
}

export type DocKind = 'service' | 'plan' | 'project' | 'job' | 'office' | 'faq'

/** One searchable piece of the site. `ref` points back at the fact it came from. */
export interface KnowledgeDoc {
  id: string
  kind: DocKind
  ref: string
  title: string
  url: string
  keywords: string
  text: string
}

export interface Knowledge extends SiteContent {
  services: Service[]
  faq: FaqEntry[]
  docs: Map<string, KnowledgeDoc>
  index: MiniSearch<KnowledgeDoc>
  /** Every word the site's content uses (stemmed), to notice questions about things we do not do. */
  vocabulary: Set<string>
}

export type KnowledgeContext =
  { kind: 'home' } | { kind: 'service'; service: Service } | { kind: 'project'; project: ProjectFact }
