import type { ChatTurn } from '@/contract/assistant'
import type { PricingPlan, Service, ServiceSlug } from '@/contract/services'
import { OTP_GROUP_ALIASES, SERVICE_ALIASES } from '../knowledge/aliases'
import { significantWords, words } from '../knowledge/text'
import type { JobFact, Knowledge, KnowledgeContext, ProjectFact } from '../knowledge/types'
import { detectIntents, FOLLOW_UP, QUESTION_WORDS, type Intent } from './intents'

/** What a question is about: services, OTP plans, projects or open jobs. */
export interface Subjects {
  services: Service[]
  plans: { service: Service; plan: PricingPlan }[]
  projects: ProjectFact[]
  jobs: JobFact[]
}

export const emptySubjects = (): Subjects => ({ services: [], plans: [], projects: [], jobs: [] })
export const hasSubjects = (s: Subjects) =>
  s.services.length + s.plans.length + s.projects.length + s.jobs.length > 0

/** Finds whole-word phrases in a question; a longer phrase hides the shorter ones inside it. */
function phraseMatcher(question: string) {
  let text = ` ${words(question).join(' ')} `
  return (phrase: string): boolean => {
    const needle = ` ${words(phrase).join(' ')} `
    if (needle.trim() === '' || !text.includes(needle)) return false
    text = text.replace(needle, ' | ')
    return true
  }
}

const GENERIC_TITLE_WORDS = new Set(
  significantWords(
    'developer engineer senior junior lead manager specialist officer head associate principal staff full stack',
  ),
)

/** Words that say "a job" without saying which; the rest of the question filters the openings. */
export const CAREER_WORDS = new Set(
  significantWords(
    `job jobs career careers hiring hire vacancy vacancies position positions opening openings open work working
    join apply application role roles salary salaries pay paid offer offers available currently team looking now`,
  ),
)

/** Words of a question that name no particular opening. */
export const isGenericJobWord = (word: string) =>
  CAREER_WORDS.has(word) || QUESTION_WORDS.has(word) || GENERIC_TITLE_WORDS.has(word)

function jobWords(job: JobFact): Set<string> {
  return new Set(
    significantWords(
      [job.title, job.department, job.location, job.workFrom, job.jobType, job.experienceLevel].join(' '),
    ),
  )
}

/** Openings matching what the question adds to "a job": a skill, a city, remote, internship... */
function jobsMatching(question: string, jobs: JobFact[]): JobFact[] {
  const wanted = significantWords(question).filter((w) => !CAREER_WORDS.has(w) && !GENERIC_TITLE_WORDS.has(w))
  if (wanted.length === 0) return []
  return jobs.filter((job) => {
    const have = jobWords(job)
    return wanted.some((w) => have.has(w))
  })
}

const PLAN_WORDS = /\b(plans?|packages?|tiers?|bundles?|options?)\b/i

/**
 * A plan is named with a word like "plan", or together with its OTP service, or, on its service's page,
 * by its name alone written with a capital ("How much is Pro?"), so "my business" does not name a plan.
 */
function namesPlan(question: string, plan: PricingPlan, serviceNamed: boolean, onItsPage: boolean): boolean {
  const text = ` ${words(question).join(' ')} `
  if (!text.includes(` ${words(plan.name).join(' ')} `)) return false
  if (serviceNamed || PLAN_WORDS.test(question)) return true
  return onItsPage && new RegExp(`(^|[^.?!]\\s)${plan.name}\\b`).test(question.trim())
}

/**
 * The subjects a question names. `pageService` is the service of the page it was asked on: its plans can
 * be named without naming the service.
 */
export function findSubjects(
  question: string,
  knowledge: Knowledge,
  intents: Set<Intent>,
  pageService?: Service,
): Subjects {
  const subjects = emptySubjects()
  const match = phraseMatcher(question)

  // Projects and jobs first: their names may contain service words ("Shop Mobile App").
  for (const project of [...knowledge.projects].sort((a, b) => b.name.length - a.name.length)) {
    const names = [
      project.name,
      project.slug.replace(/-/g, ' '),
      ...project.aliases.map((a) => a.replace(/-/g, ' ')),
    ]
    if (names.some((name) => words(name).join('').length >= 3 && match(name))) subjects.projects.push(project)
  }
  const titled = knowledge.jobs.filter((job) => match(job.title))
  if (titled.length > 0) subjects.jobs.push(...titled)
  else if (intents.has('careers')) subjects.jobs.push(...jobsMatching(question, knowledge.jobs))

  const aliases = (Object.entries(SERVICE_ALIASES) as [ServiceSlug, string[]][])
    .flatMap(([slug, phrases]) => phrases.map((phrase) => ({ slug, phrase })))
    .sort((a, b) => b.phrase.length - a.phrase.length)
  const found = new Set<ServiceSlug>()
  for (const { slug, phrase } of aliases) {
    // "your WhatsApp number" is a contact question, not one about WhatsApp OTP.
    if (phrase === 'whatsapp' && intents.has('contact')) continue
    if (match(phrase)) found.add(slug)
  }
  if (OTP_GROUP_ALIASES.some((phrase) => match(phrase))) {
    if (!found.has('sms-otp') && !found.has('whatsapp-otp')) {
      found.add('sms-otp')
      found.add('whatsapp-otp')
    }
  }
  subjects.services = knowledge.services.filter((s) => found.has(s.slug))

  for (const service of knowledge.services) {
    for (const plan of service.pricingPlans ?? []) {
      if (namesPlan(question, plan, found.has(service.slug), pageService?.slug === service.slug)) {
        subjects.plans.push({ service, plan })
      }
    }
  }
  if (subjects.plans.length > 0) {
    const planServices = new Set(subjects.plans.map((p) => p.service.slug))
    // "the WhatsApp Growth plan" is about the plan; the service is answered through it.
    subjects.services = subjects.services.filter((s) => !planServices.has(s.slug))
  }
  return subjects
}

function subjectsFromHistory(history: ChatTurn[], knowledge: Knowledge, intents: Set<Intent>): Subjects {
  const earlier = history
    .filter((t) => t.role === 'user')
    .slice(-3)
    .reverse()
  for (const turn of earlier) {
    const subjects = findSubjects(turn.content, knowledge, detectIntents(turn.content))
    subjects.jobs = intents.has('careers') ? subjects.jobs : []
    if (hasSubjects(subjects)) return subjects
  }
  return emptySubjects()
}

function subjectsFromContext(context: KnowledgeContext | null): Subjects {
  const subjects = emptySubjects()
  if (context?.kind === 'service') subjects.services.push(context.service)
  if (context?.kind === 'project') subjects.projects.push(context.project)
  return subjects
}

/**
 * The subject of a question that names none: a follow-up ("And for iOS?") continues the conversation; any
 * other question is about the page the visitor is looking at, and on a page without a subject, about
 * what the conversation was last about.
 */
export function implicitSubjects(
  question: string,
  history: ChatTurn[],
  context: KnowledgeContext | null,
  knowledge: Knowledge,
  intents: Set<Intent>,
): Subjects {
  const fromPage = subjectsFromContext(context)
  if (hasSubjects(fromPage) && !FOLLOW_UP.test(question)) return fromPage
  const earlier = subjectsFromHistory(history, knowledge, intents)
  return hasSubjects(earlier) ? earlier : fromPage
}
