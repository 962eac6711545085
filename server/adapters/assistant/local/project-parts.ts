import { projectPath } from '../knowledge/build'
import { significantWords } from '../knowledge/text'
import type { Knowledge, ProjectFact } from '../knowledge/types'
import { QUESTION_WORDS, type Intent } from './intents'
import { list, promise, SERVICES, START, type Part } from './parts'

export function projectPart(project: ProjectFact, intents: Set<Intent>): Part {
  const source = { title: project.name, url: projectPath(project.slug) }
  if (intents.has('technologies')) {
    return {
      text:
        project.technologies.length > 0
          ? `${project.name} was built with ${list(project.technologies)}.`
          : `The technologies of ${project.name} are not listed on its page.`,
      sources: [source],
    }
  }
  if (intents.has('similar') || intents.has('start')) {
    return {
      text: `Yes, we can build a project like ${project.name}. Send a brief on Start Your Project (the 'Request Similar Project' button on its page leads there): we review it within ${promise('general')} and send a proposal with a price within ${promise('quotes')}.`,
      sources: [source, START],
    }
  }
  if (intents.has('price')) {
    return {
      text: `We don't publish the price of client projects like ${project.name}. A similar project is priced from our service starting prices, and a brief on Start Your Project gets you a quote within ${promise('quotes')}.`,
      sources: [source, START, SERVICES],
    }
  }
  const facts = [
    project.type,
    project.year ? String(project.year) : null,
    project.countries.join(', ') || null,
  ]
    .filter((f): f is string => Boolean(f))
    .join(', ')
  const summary = project.shortDescription || firstSentence(project.description)
  const tools =
    project.technologies.length > 0 ? ` Built with ${list(project.technologies.slice(0, 5))}.` : ''
  return {
    text: `${project.name}${facts ? ` (${facts})` : ''}: ${summary}${/[.!?]$/.test(summary) ? '' : '.'}${tools}`,
    sources: [source],
  }
}

function firstSentence(text: string): string {
  const match = /^.*?[.!?](\s|$)/.exec(text.trim())
  return (match ? match[0] : text).trim()
}

const PORTFOLIO_WORDS = new Set(
  significantWords(
    'app apps application applications project projects work built system platform solution anything',
  ),
)

/** Everyday words for the domains our projects are described in. */
const RELATED_WORDS: Record<string, string> = {
  estate: 'property properties realty',
  healthcare: 'healthcare health clinic clinics medical',
  medical: 'medical health clinic clinics',
  education: 'education learning lms school',
  school: 'school learning lms education',
  shop: 'shop shops commerce marketplace',
  store: 'store commerce marketplace',
  delivery: 'delivery logistics courier',
  bank: 'bank fintech wallet payments',
  banking: 'banking fintech wallet payments',
  finance: 'finance fintech wallet',
}

/** Projects whose name, type, category, countries or tools match what the question asks for. */
export function projectsPart(knowledge: Knowledge, question: string): Part {
  const projects = { title: 'Projects', url: '/projects' }
  if (knowledge.projects.length === 0) {
    return { text: 'Our case studies are on the Projects page.', sources: [projects] }
  }
  const wanted = significantWords(question).filter((w) => !QUESTION_WORDS.has(w) && !PORTFOLIO_WORDS.has(w))
  const found =
    wanted.length === 0
      ? []
      : knowledge.index
          .search(wanted.map((w) => RELATED_WORDS[w] ?? w).join(' '), {
            filter: (result) => result.kind === 'project',
            // Fuzzy matching of short words finds look-alikes ("real" → "read"), not meaning.
            fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
            prefix: true,
          })
          // Weak tails (fewer of the asked words, or far lower scores) are noise next to a real match.
          .filter(
            (result, _, all) =>
              result.queryTerms.length >= Math.max(...all.map((r) => r.queryTerms.length)) &&
              result.score >= (all[0]?.score ?? 0) / 2,
          )
          .flatMap((result) => knowledge.projects.filter((p) => String(p.id) === result.ref))
          .slice(0, 3)
  const label = (p: ProjectFact) => `${p.name}${p.type ? ` (${p.type})` : ''}`
  if (found.length > 0) {
    return {
      text: `Yes, for example ${list(found.map(label))}. See them on the Projects page.`,
      sources: [...found.map((p) => ({ title: p.name, url: projectPath(p.slug) })), projects],
    }
  }
  const shown = [...knowledge.projects].sort((a, b) => a.order - b.order).slice(0, 3)
  const none = wanted.length > 0 ? "I couldn't find a project like that in our portfolio. " : ''
  return {
    text: `${none}Some of our work: ${list(shown.map(label))}. Browse all case studies on the Projects page.`,
    sources: [projects, ...shown.map((p) => ({ title: p.name, url: projectPath(p.slug) }))],
  }
}
