import MiniSearch from 'minisearch'
import type { AssistantSource } from '@/contract/assistant'
import { jobPath } from '@/contract/careers'
import { services, type Service, type ServiceSlug } from '@/contract/services'
import { buildFaq, type FaqEntry } from './faq'

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

/**
 * Words and phrases visitors use for each service, beyond its title. Matching is on whole words; the
 * longest phrase wins, so 'legal tech consultation' never also counts as 'consultation'.
 */
export const SERVICE_ALIASES: Record<ServiceSlug, string[]> = {
  'web-development': [
    'web development',
    'web developer',
    'web dev',
    'website',
    'websites',
    'web site',
    'web app',
    'web apps',
    'web application',
    'web applications',
    'webapp',
    'web platform',
    'web portal',
    'landing page',
    'e-commerce',
    'ecommerce',
    'e commerce',
    'online store',
    'online shop',
    'saas',
    'web',
  ],
  'mobile-apps': [
    'mobile apps',
    'mobile app',
    'mobile application',
    'mobile applications',
    'mobile',
    'app',
    'apps',
    'ios',
    'android',
    'iphone',
    'flutter',
    'react native',
    'cross-platform',
    'cross platform',
  ],
  'ai-solutions': [
    'ai',
    'a.i.',
    'artificial intelligence',
    'machine learning',
    'ml',
    'chatbot',
    'chatbots',
    'chat bot',
    'llm',
    'llms',
    'gpt',
    'computer vision',
    'deep learning',
    'nlp',
    'data science',
    'ai solutions',
    'ai and machine learning',
  ],
  'digital-marketing': [
    'digital marketing',
    'marketing',
    'seo',
    'social media',
    'ads',
    'advertising',
    'ppc',
    'google ads',
    'campaign',
    'campaigns',
  ],
  'technical-consultation': [
    'technical consultation',
    'technical consulting',
    'tech consultation',
    'tech consulting',
    'consultation',
    'consulting',
    'consultant',
    'architecture review',
    'code audit',
    'due diligence',
  ],
  'legal-tech-consultation': [
    'legal tech consultation',
    'legal tech',
    'legaltech',
    'legal',
    'law firm',
    'law firms',
    'lawyer',
    'lawyers',
    'contract automation',
    'e-signature',
  ],
  cybersecurity: [
    'cybersecurity',
    'cyber security',
    'security',
    'penetration test',
    'penetration testing',
    'pen test',
    'pentest',
    'pentesting',
    'vulnerability',
    'vulnerabilities',
    'security audit',
    'iso 27001',
    'soc 2',
    'pci dss',
    'phishing',
    'hacking',
  ],
  cloud: [
    'cloud',
    'devops',
    'dev ops',
    'cloud and devops',
    'aws',
    'azure',
    'google cloud',
    'gcp',
    'kubernetes',
    'terraform',
    'ci/cd',
    'cicd',
    'hosting',
    'infrastructure',
    'cloud migration',
  ],
  'ui-ux': [
    'ui/ux',
    'ui ux',
    'ux',
    'ui',
    'user experience',
    'user interface',
    'design',
    'designer',
    'ui design',
    'ux design',
    'prototype',
    'prototyping',
    'figma',
    'wireframe',
    'wireframes',
    'usability',
  ],
  'erp-crm': [
    'erp',
    'crm',
    'erp and crm',
    'odoo',
    'inventory',
    'accounting',
    'payroll',
    'enterprise resource planning',
    'customer relationship management',
  ],
  'sms-otp': ['sms otp', 'sms', 'text message', 'text messages', 'sms verification', 'sms code', 'sms codes'],
  'whatsapp-otp': ['whatsapp otp', 'whatsapp', 'whatsapp verification', 'whatsapp code', 'whatsapp codes'],
}

/** Words that name both OTP services at once. */
export const OTP_GROUP_ALIASES = [
  'otp',
  'otps',
  'one-time password',
  'one time password',
  'one-time passwords',
  'one time passwords',
  'one-time code',
  'one time code',
  'verification code',
  'verification codes',
  'passcode',
  'passcodes',
]

const STOPWORDS = new Set(
  `a an the and or but if of to in on at by for with from as into about over than then so too very
  is are was were be been being am do does did doing have has had having can could would should will shall may might must
  i me my mine we us our ours you your yours he she it its they them their this that these those there here
  what which who whom whose when where why how much many any some all each every no not only own same such
  please tell know want need like get got give show let make just also more most other another again still
  hi hello hey thanks thank okay ok yes yeah sure cypher company`.split(/\s+/),
)

/** Lower-case words with a light plural stem, the same for indexing and for questions. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) {
    return word.slice(0, -1)
  }
  return word
}

export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']/g, '')
    .split(/[^a-z0-9+#]+/)
    .filter(Boolean)
}

/** The words of a text that carry meaning: no stopwords, stemmed. */
export function significantWords(text: string): string[] {
  return words(text)
    .filter((w) => !STOPWORDS.has(w))
    .map(stem)
}

export const servicePath = (slug: string) => `/services/${slug}`
export const projectPath = (slug: string) => `/projects/${slug}`

export const serviceSource = (service: Service): AssistantSource => ({
  title: service.title,
  url: servicePath(service.slug),
})

/** Joins phrases into one text, each ending in exactly one full stop. */
const sentences = (parts: string[]) =>
  parts
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => (/[.!?]$/.test(p) ? p : `${p}.`))
    .join(' ')

function documents(knowledge: Omit<Knowledge, 'docs' | 'index' | 'vocabulary'>): KnowledgeDoc[] {
  const docs: KnowledgeDoc[] = []
  for (const service of knowledge.services) {
    docs.push({
      id: `service:${service.slug}`,
      kind: 'service',
      ref: service.slug,
      title: service.title,
      url: servicePath(service.slug),
      keywords: SERVICE_ALIASES[service.slug].join(' '),
      text: sentences([
        service.subtitle,
        service.description,
        ...service.features,
        ...service.technologies,
        ...service.deliverables,
      ]),
    })
    for (const plan of service.pricingPlans ?? []) {
      docs.push({
        id: `plan:${service.slug}:${plan.name}`,
        kind: 'plan',
        ref: `${service.slug}:${plan.name}`,
        title: `${service.title} ${plan.name} plan`,
        url: servicePath(service.slug),
        keywords: `${plan.name} plan package ${service.otpType ?? ''} otp`,
        text: sentences([plan.price, plan.messages, plan.duration, ...plan.features, plan.bestFor ?? '']),
      })
    }
  }
  for (const project of knowledge.projects) {
    docs.push({
      id: `project:${project.id}`,
      kind: 'project',
      ref: String(project.id),
      title: project.name,
      url: projectPath(project.slug),
      keywords: [
        project.type ?? '',
        project.category ?? '',
        ...project.countries,
        String(project.year ?? ''),
      ].join(' '),
      text: sentences([project.shortDescription, project.description, ...project.technologies]),
    })
  }
  for (const job of knowledge.jobs) {
    docs.push({
      id: `job:${job.id}`,
      kind: 'job',
      ref: String(job.id),
      title: job.title,
      url: jobPath(job),
      keywords: [
        job.department,
        job.location,
        job.jobType,
        job.workFrom,
        job.experienceLevel,
        'job career',
      ].join(' '),
      text: sentences([job.description, ...job.skills]),
    })
  }
  knowledge.offices.forEach((office, index) => {
    docs.push({
      id: `office:${index}`,
      kind: 'office',
      ref: String(index),
      title: office.title,
      url: '/contact',
      keywords: 'office address location',
      text: office.address,
    })
  })
  for (const entry of knowledge.faq) {
    docs.push({
      id: `faq:${entry.id}`,
      kind: 'faq',
      ref: entry.id,
      title: entry.title,
      url: entry.sources[0]?.url ?? '/contact',
      keywords: entry.keywords,
      text: entry.answer,
    })
  }
  return docs
}

/** Builds the searchable knowledge of the site: the catalogue, the FAQ and the database content. */
export function buildKnowledge(content: SiteContent): Knowledge {
  const base = { ...content, services, faq: buildFaq(services) }
  const docs = documents(base)
  const index = new MiniSearch<KnowledgeDoc>({
    fields: ['title', 'keywords', 'text'],
    storeFields: ['kind', 'ref', 'title', 'url'],
    processTerm: (term) => {
      const word = term.toLowerCase().replace(/[’']/g, '')
      return word === '' || STOPWORDS.has(word) ? null : stem(word)
    },
    searchOptions: { boost: { title: 3, keywords: 2 }, prefix: true, fuzzy: 0.2 },
  })
  index.addAll(docs)
  const vocabulary = new Set<string>()
  for (const doc of docs) {
    for (const word of significantWords(`${doc.title} ${doc.keywords} ${doc.text}`)) vocabulary.add(word)
  }
  for (const alias of [...Object.values(SERVICE_ALIASES).flat(), ...OTP_GROUP_ALIASES]) {
    for (const word of significantWords(alias)) vocabulary.add(word)
  }
  return { ...base, docs: new Map(docs.map((d) => [d.id, d])), index, vocabulary }
}
