import { site } from '@/contract/site'
import type { Assistant, AssistantAnswer, AssistantQuestion } from './types'
import { words } from './knowledge/text'
import {
  aboutPart,
  contactPart,
  hoursPart,
  jobPart,
  jobsPart,
  officesPart,
  ratingPart,
  responsePart,
  startPart,
} from './local/company-parts'
import { detectIntents, FOLLOW_UP, isSocial, SUBJECT_INTENTS, type Intent } from './local/intents'
import { fallback, merge, SERVICES, type LocalReply, type Part } from './local/parts'
import { projectPart, projectsPart } from './local/project-parts'
import { docPart, retrieve, unknownWords } from './local/retrieve'
import { generalPart, planPart, servicePart, servicesPart } from './local/service-parts'
import { findSubjects, hasSubjects, implicitSubjects, type Subjects } from './local/subjects'

/**
 * The local answerer: intents recognised from the visitor's own words, subjects found by name in the
 * catalogue and the database (or, when none is named, the page's), MiniSearch retrieval for everything
 * else, and an honest "I don't know". Prices only ever come from the catalogue.
 */
export function answerLocally(question: AssistantQuestion): LocalReply {
  const { knowledge, context } = question
  const text = question.question.trim()
  const intents = detectIntents(text)
  if (FOLLOW_UP.test(text) && ![...intents].some((i) => SUBJECT_INTENTS.includes(i) && i !== 'more')) {
    // "And for a website?" asks the previous question again about something else.
    const previous = question.history.filter((t) => t.role === 'user').at(-1)
    for (const intent of previous ? detectIntents(previous.content) : []) {
      if (SUBJECT_INTENTS.includes(intent)) intents.add(intent)
    }
  }
  const pageService = context?.kind === 'service' ? context.service : undefined
  const named = findSubjects(text, knowledge, intents, pageService)
  const explicit = hasSubjects(named)
  const unknown = unknownWords(text, knowledge)
  const asksAboutSubject = SUBJECT_INTENTS.some((i) => intents.has(i))
  const [best] = retrieve(knowledge, text)
  // Words the site never uses make a partial match likely to be a wrong one.
  const retrieved =
    best && (best.coverage >= 0.67 || (best.coverage >= 0.5 && unknown.length === 0)) ? best : undefined

  if (intents.size > 0 && !explicit && unknown.length === 0 && [...intents].every(isSocial)) {
    return socialReply(question, intents)
  }
  // "What's..." alone is no question about a subject when it asks for hours, contact or the like.
  const asksForFacts =
    SUBJECT_INTENTS.some((i) => i !== 'more' && intents.has(i)) ||
    (intents.has('more') && !hasOtherIntent(intents))
  if (!explicit && unknown.length > 0 && asksForFacts) {
    // Something we have no facts about: never improvise a price or a timeline for it.
    const what = intents.has('price') ? 'a price for that' : 'information about that'
    const honest = fallback(`I don't have ${what} in our catalogue, so I'd rather not guess.`)
    return merge([{ ...honest, sources: [...honest.sources, SERVICES] }])
  }
  // A question our FAQ covers ("is the first call free?") beats a general description of a service,
  // unless it only looks like the FAQ's words ("a dating app" is no "rating") and names a service.
  const faq = retrieved?.doc.kind === 'faq' && !(retrieved.fuzzy && explicit) ? retrieved : undefined
  if (faq && ![...intents].some((i) => !isSocial(i) && i !== 'more')) {
    const part = docPart(faq.doc, knowledge, intents)
    if (part) return withGreeting(merge([part]), intents)
  }

  let subjects = named
  if (!explicit && unknown.length === 0 && (asksAboutSubject || intents.size === 0)) {
    subjects = implicitSubjects(text, question.history, context, knowledge, intents)
  }

  const parts: Part[] = []
  if (intents.size === 0 && !explicit) {
    const part = retrieved ? docPart(retrieved.doc, knowledge, intents) : null
    if (part) parts.push(part)
    // A short follow-up ("and for iOS?") about the subject already on the table.
    else if (hasSubjects(subjects) && words(text).length <= 5) intents.add('more')
  }
  if (parts.length === 0) parts.push(...ruleParts(question, subjects, intents, explicit))
  if (parts.length === 0) {
    const part = retrieved ? docPart(retrieved.doc, knowledge, intents) : null
    parts.push(part ?? fallback())
  }
  return withGreeting(merge(parts), intents)
}

function socialReply(question: AssistantQuestion, intents: Set<Intent>): LocalReply {
  if (!intents.has('greeting'))
    return { reply: "You're welcome! Anything else I can help you with?", sources: [] }
  const about =
    question.context?.kind === 'service'
      ? ` Ask me anything about ${question.context.service.title}: price, timeline, team or technologies.`
      : question.context?.kind === 'project'
        ? ` Ask me about ${question.context.project.name} or about building something similar.`
        : ' Ask me about our services, prices, timelines, projects or careers.'
  return { reply: `Hello! I'm the ${site.name} AI Assistant.${about}`, sources: [] }
}

function withGreeting(answer: LocalReply, intents: Set<Intent>): LocalReply {
  return intents.has('greeting') ? { ...answer, reply: `Hello! ${answer.reply}` } : answer
}

/** The answer parts the intents give for the question's subjects. */
function ruleParts(
  question: AssistantQuestion,
  subjects: Subjects,
  intents: Set<Intent>,
  explicit: boolean,
): Part[] {
  const { knowledge } = question
  const text = question.question
  const parts: Part[] = []
  const asksAboutSubject = SUBJECT_INTENTS.some((i) => intents.has(i))
  const aboutSubject = asksAboutSubject || !hasOtherIntent(intents)
  if (intents.has('careers')) {
    parts.push(jobsPart(subjects.jobs, knowledge, text))
  } else {
    for (const { service, plan } of subjects.plans.slice(0, 3)) parts.push(planPart(service, plan))
    if (aboutSubject)
      for (const service of subjects.services.slice(0, 3)) parts.push(servicePart(service, intents))
    if (aboutSubject || intents.has('start')) {
      for (const project of subjects.projects.slice(0, 2)) parts.push(projectPart(project, intents))
    }
    for (const job of subjects.jobs.slice(0, 2)) parts.push(jobPart(job))
    const general: Intent[] = ['price', 'unit', 'timeline', 'team', 'technologies']
    if (!hasSubjects(subjects) && general.some((i) => intents.has(i)))
      parts.push(generalPart(knowledge, intents))
  }
  const projectAnsweredStart = subjects.projects.length > 0 && intents.has('start')
  if (intents.has('start') && !projectAnsweredStart) parts.push(startPart())
  if (intents.has('services') && !explicit) parts.push(servicesPart(knowledge))
  if (intents.has('projects') && subjects.projects.length === 0) parts.push(projectsPart(knowledge, text))
  if (intents.has('hours')) parts.push(hoursPart())
  if (intents.has('response') && !intents.has('hours')) parts.push(responsePart())
  if (intents.has('contact') && !intents.has('start')) parts.push(contactPart())
  if (intents.has('offices')) parts.push(officesPart(knowledge))
  if (intents.has('about')) parts.push(aboutPart())
  if (intents.has('rating')) parts.push(ratingPart())
  return parts
}

/** Intents answered without a subject (contact, hours, careers...). */
function hasOtherIntent(intents: Set<Intent>): boolean {
  return [...intents].some((i) => !SUBJECT_INTENTS.includes(i) && !isSocial(i))
}

/** The sandbox assistant (ARCHITECTURE §5): answers from the site's own content, no network. */
export class LocalAnswerer implements Assistant {
  readonly sandbox = true

  async answer(question: AssistantQuestion): Promise<AssistantAnswer> {
    return { ...answerLocally(question), sandbox: true }
  }
}
