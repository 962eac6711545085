import { significantWords } from '../knowledge/text'
import type { Knowledge, KnowledgeDoc } from '../knowledge/types'
import { jobPart, officesPart } from './company-parts'
import { QUESTION_WORDS, type Intent } from './intents'
import type { Part } from './parts'
import { projectPart } from './project-parts'
import { planPart, servicePart } from './service-parts'

/** Words of the question the site never uses: a sign it asks about something we do not offer. */
export function unknownWords(question: string, knowledge: Knowledge): string[] {
  return significantWords(question).filter((word) => {
    if (word.length < 3 || /^\d+$/.test(word) || QUESTION_WORDS.has(word) || knowledge.vocabulary.has(word)) {
      return false
    }
    // Typos of known long words ("devlopment") are not unknown; short look-alikes ("cars", "cards") are.
    if (word.length < 5) return true
    return (
      knowledge.index.search(word, { fuzzy: 0.2, prefix: true, fields: ['title', 'keywords'] }).length === 0
    )
  })
}

export function docPart(doc: KnowledgeDoc, knowledge: Knowledge, intents: Set<Intent>): Part | null {
  switch (doc.kind) {
    case 'service': {
      const service = knowledge.services.find((s) => s.slug === doc.ref)
      return service ? servicePart(service, intents) : null
    }
    case 'plan': {
      const [slug, name] = doc.ref.split(':')
      const service = knowledge.services.find((s) => s.slug === slug)
      const plan = service?.pricingPlans?.find((p) => p.name === name)
      return service && plan ? planPart(service, plan) : null
    }
    case 'project': {
      const project = knowledge.projects.find((p) => String(p.id) === doc.ref)
      return project ? projectPart(project, intents) : null
    }
    case 'job': {
      const job = knowledge.jobs.find((j) => String(j.id) === doc.ref)
      return job ? jobPart(job) : null
    }
    case 'office':
      return officesPart(knowledge)
    case 'faq': {
      const entry = knowledge.faq.find((f) => f.id === doc.ref)
      return entry ? { text: entry.answer, sources: entry.sources } : null
    }
  }
}

export interface RetrievedDoc {
  doc: KnowledgeDoc
  score: number
  /** Share of the question's meaningful words the document matched. */
  coverage: number
  /** True when a word matched only as a look-alike ("dating" → "rating"), not as itself or a prefix. */
  fuzzy: boolean
}

/** The site documents that best match a question, best first (MiniSearch BM25 with fuzzy and prefix). */
export function retrieve(knowledge: Knowledge, question: string, limit = 5): RetrievedDoc[] {
  const asked = new Set(significantWords(question).filter((w) => !QUESTION_WORDS.has(w)))
  if (asked.size === 0) return []
  // Prefixes and typos of short words find look-alikes ("car" → "career"), not meaning.
  const results = knowledge.index.search([...asked].join(' '), {
    prefix: (term) => term.length >= 4,
    fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
  })
  return results.slice(0, limit).flatMap((result) => {
    const doc = knowledge.docs.get(String(result.id))
    const fuzzy = result.terms.some((term) => !result.queryTerms.some((asked) => term.startsWith(asked)))
    return doc ? [{ doc, score: result.score, coverage: result.queryTerms.length / asked.size, fuzzy }] : []
  })
}
