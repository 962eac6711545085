import { jobPath } from '@/contract/careers'
import MiniSearch from 'minisearch'
import type { AssistantSource } from '@/contract/assistant'
import { services, type Service } from '@/contract/services'
import { OTP_GROUP_ALIASES, SERVICE_ALIASES } from './aliases'
import { buildFaq } from './faq'
import { significantWords, stem, STOPWORDS } from './text'
import type { Knowledge, KnowledgeDoc, SiteContent } from './types'

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
