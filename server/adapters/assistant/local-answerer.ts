import type { AssistantSource } from '@/contract/assistant'
import {
  CLIENT_RATING,
  COMPANY_FOUNDERS,
  COMPANY_TIMELINE,
  PROJECTS_DELIVERED,
  RESPONSE_PROMISES,
} from '@/contract/company'
import { HOME_ASSISTANT_CONTEXT, type PricingPlan, type Service, type ServiceSlug } from '@/contract/services'
import { OFFICE_COUNTRIES } from '@/contract/offices'
import { jobPath } from '@/contract/careers'
import { site } from '@/contract/site'
import type { Assistant, AssistantAnswer, AssistantQuestion } from './assistant'
import {
  OTP_GROUP_ALIASES,
  projectPath,
  SERVICE_ALIASES,
  serviceSource,
  significantWords,
  words,
  type JobFact,
  type Knowledge,
  type KnowledgeDoc,
  type ProjectFact,
} from './knowledge'

export type Intent =
  | 'greeting'
  | 'thanks'
  | 'price'
  | 'timeline'
  | 'team'
  | 'technologies'
  | 'features'
  | 'deliverables'
  | 'hours'
  | 'response'
  | 'contact'
  | 'offices'
  | 'careers'
  | 'start'
  | 'projects'
  | 'services'
  | 'about'
  | 'rating'
  | 'successRate'
  | 'similar'
  | 'more'

/** Checked on the lower-cased question; several intents can match one question. */
const INTENT_PATTERNS: [Intent, RegExp][] = [
  [
    'greeting',
    /^\s*(hi|hello|hey|hiya|howdy|greetings|good (morning|afternoon|evening)|salam|salaam|marhaba|as?salamu? ?alaikum)\b/,
  ],
  ['thanks', /\b(thanks|thank you|thx|appreciate it|cheers)\b/],
  [
    'price',
    /\b(prices?|pricing|priced|costs?|costing|how much|budget|fees?|rates?|charges?|quote|quotation|expensive|cheap|afford(able)?|starting at|plans|packages)\b/,
  ],
  [
    'timeline',
    /\b(how long|timelines?|time ?frame|duration|turnaround|how many (weeks|months)|how (quickly|fast|soon) can you (build|deliver|finish|make)|delivery time|take to (build|make|develop|finish|complete|deliver|set ?up)|when (will|can) (it|you) be (ready|done|finished))\b/,
  ],
  [
    'team',
    /\b(team size|size of the team|how (big|large) is the team|(what|how) about the team|who (will )?works? on|how many (people|developers|engineers|specialists|designers|experts)|specialists)\b/,
  ],
  [
    'technologies',
    /\b(tech ?stack|stack|technolog(y|ies)|frameworks?|tools|programming languages?|languages? do you use|built with|build it with|which tech|what tech)\b/,
  ],
  ['features', /\b(features?|what('s| is) included|included in|includes?|capabilit(y|ies))\b/],
  ['deliverables', /\b(deliverables?|what do (i|we) (get|receive)|hand ?over)\b/],
  [
    'hours',
    /\b(business hours|opening hours|office hours|working hours|hours|are you open|open on|working days|weekends?|saturdays?|sundays?|what time)\b/,
  ],
  [
    'response',
    /\b(respond|response|replies|reply|get back to (me|us)|how (fast|quickly|soon) (do|will|would) you (answer|reply|respond|get back)|urgent)\b/,
  ],
  [
    'contact',
    /\b(contact|e-?mail|phone|call you|call us|reach you|reach out|reach the team|get in touch|talk to (someone|a human|a person|sales|your team|the team)|speak (to|with) (someone|a human|a person|sales|your team)|whatsapp number|telephone)\b/,
  ],
  [
    'offices',
    /\b(offices?|located|locations?|where are you|address|headquarters|where is your|visit you|which countries)\b/,
  ],
  [
    'careers',
    /\b(jobs?|careers?|hiring|vacanc(y|ies)|open positions?|positions?|openings?|work (for|at) (you|cypher)|join (you|your team|the team|cypher)|internships?|salary|salaries|apply for)\b/,
  ],
  [
    'start',
    /\b(how (do|can|should|would) (i|we) (start|begin|get started|proceed|hire you|work with you|order)|get started|start (a|my|our|the|your) (new )?project|kick ?off|next steps?|your process|the process|project brief|send a brief|proposal|hire you|work with you|book a (call|meeting|consultation)|schedule a (call|meeting|consultation))\b/,
  ],
  [
    'projects',
    /\b(your projects|portfolio|case stud(y|ies)|examples? of your work|previous work|past work|work you('ve| have) done|have you (ever )?(built|done|made|delivered|developed|worked on|created)|show me (your )?projects|which projects|any projects|similar projects)\b/,
  ],
  [
    'services',
    /\b(what (services|do you do|do you offer|can you do|can you build)|services do you|your services|list of services|services you (offer|provide)|what do you provide)\b/,
  ],
  [
    'about',
    /\b(about (you|cypher|the company|your company)|founded|founder|history|when did you start|how old is|company background|who owns)\b/,
  ],
  ['rating', /\b(rating|rated|reviews?|testimonials?|satisfied)\b/],
  ['successRate', /\b(success rate|delivery rate|deliverability|delivery success)\b/],
  ['similar', /\b(similar|something like (this|that|it)|one like (this|that|it)|same (app|project|thing))\b/],
  [
    'more',
    /\b(tell me (more|about)|more (details|info|information)|explain|describe|what is|what's|what are)\b/,
  ],
]

const PRICE_WORDS =
  /\b(prices?|pricing|costs?|how much|budget|fees?|charges?|quote|expensive|cheap|plans|packages)\b/

const FOLLOW_UP = /^\s*(and|what about|how about|also|same for|same question for)\b/i

/** Intents whose answer depends on what the question is about (a service, plan or project). */
const SUBJECT_INTENTS: Intent[] = [
  'price',
  'timeline',
  'team',
  'technologies',
  'features',
  'deliverables',
  'successRate',
  'similar',
  'more',
]

/** Words the intents use; they say what is asked, not about what, so they are never "unknown". */
const QUESTION_WORDS = new Set(
  significantWords(
    `price pricing cost costs much budget fee rate charge quote quotation expensive cheap afford starting
    long timeline time timeframe frame duration turnaround week weeks month months year years take takes build develop
    make create deliver delivery finish complete ready done setup set team size people developer developers engineer
    engineers specialist specialists designer designers expert experts big large tech stack technology technologies
    framework frameworks tool tools programming language languages use used built feature features include included
    includes capability deliverable deliverables receive hand over business hours opening office working open day days
    weekend saturday sunday respond response reply replies back fast quickly soon urgent contact email mail phone call
    reach touch talk speak someone human person sales number telephone offices located location locations address
    headquarters visit countries country job jobs career careers hiring vacancy vacancies position positions opening
    openings work join internship salary salaries apply start begin started proceed hire order new project projects
    kick off next step steps process brief send proposal book schedule meeting consultation portfolio case study
    studies example examples previous past service services offer provide list founded founder history old background
    owns rating rated review reviews testimonial testimonials satisfied success deliverability similar like same thing
    tell detail details info information explain describe plan plans package packages tier popular recommend
    recommended best option options help question idea software system solution product platform client customer
    cost typical typically usually average approximately roughly around estimate exact need want looking interested
    good great nice small big simple basic complex custom one two three four five`,
  ),
)

const money = (amount: number, currency: 'USD' | 'EGP') =>
  currency === 'USD' ? `$${amount.toLocaleString('en-US')}` : `${amount.toLocaleString('en-US')} EGP`

function list(items: string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

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

interface Subjects {
  services: Service[]
  plans: { service: Service; plan: PricingPlan }[]
  projects: ProjectFact[]
  jobs: JobFact[]
}

const emptySubjects = (): Subjects => ({ services: [], plans: [], projects: [], jobs: [] })
const hasSubjects = (s: Subjects) =>
  s.services.length + s.plans.length + s.projects.length + s.jobs.length > 0

const GENERIC_TITLE_WORDS = new Set(
  significantWords(
    'developer engineer senior junior lead manager specialist officer head associate principal staff full stack',
  ),
)

function detectIntents(question: string): Set<Intent> {
  const text = question.toLowerCase().replace(/[’]/g, "'")
  const found = new Set<Intent>()
  for (const [intent, pattern] of INTENT_PATTERNS) if (pattern.test(text)) found.add(intent)
  // "Delivery success rate" is not a price question unless a price word comes with it.
  if (found.has('successRate') && !PRICE_WORDS.test(text)) found.delete('price')
  return found
}

function findSubjects(question: string, knowledge: Knowledge, intents: Set<Intent>): Subjects {
  const subjects = emptySubjects()
  const match = phraseMatcher(question)
  const text = ` ${words(question).join(' ')} `

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

  // A plan is named with the word "plan" (or "package"), or together with its OTP service.
  const mentionsPlan = /\b(plans?|packages?|tiers?)\b/.test(text)
  for (const service of knowledge.services) {
    for (const plan of service.pricingPlans ?? []) {
      const named = text.includes(` ${words(plan.name).join(' ')} `)
      if (named && (mentionsPlan || found.has(service.slug))) subjects.plans.push({ service, plan })
    }
  }
  if (subjects.plans.length > 0) {
    const planServices = new Set(subjects.plans.map((p) => p.service.slug))
    // "the WhatsApp Growth plan" is about the plan; the service is answered through it.
    subjects.services = subjects.services.filter((s) => !planServices.has(s.slug))
  }
  return subjects
}

/** Words that say "a job" without saying which; the rest of the question filters the openings. */
const CAREER_WORDS = new Set(
  significantWords(
    `job jobs career careers hiring hire vacancy vacancies position positions opening openings open work working
    join apply application role roles salary salaries pay paid offer offers available currently team looking now`,
  ),
)

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

/** Words of the question the site never uses: a sign it asks about something we do not offer. */
function unknownWords(question: string, knowledge: Knowledge): string[] {
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

interface Part {
  text: string
  sources: AssistantSource[]
}

const CONTACT: AssistantSource = { title: 'Contact', url: '/contact' }
const START: AssistantSource = { title: 'Start Your Project', url: '/start-project' }
const SERVICES: AssistantSource = { title: 'Services', url: '/services' }

const promise = (key: (typeof RESPONSE_PROMISES)[number]['key']) =>
  RESPONSE_PROMISES.find((p) => p.key === key)?.time.toLowerCase() ?? ''

const FALLBACK_OPENING = "I'm not sure about that, and I'd rather not guess."

function fallback(reason = FALLBACK_OPENING): Part {
  return {
    text: `${reason} Our team can help: email ${site.salesEmail}, call or WhatsApp ${site.phone} (${site.businessHours}), or write to us through the Contact page.`,
    sources: [CONTACT],
  }
}

function priceClause(service: Service): string {
  const { amount, currency, per } = service.startingPrice
  if (per === 'hour') return `costs ${money(amount, currency)}/hour`
  if (per === 'month') return `starts from ${money(amount, currency)}/month`
  return `starts at ${money(amount, currency)}`
}

function timelineClause(service: Service): string {
  const setup = /^(.*) setup$/.exec(service.timeline)
  return setup ? `needs ${setup[1]} of setup` : `typically takes ${service.timeline}`
}

function planLine(plan: PricingPlan): string {
  const period = plan.duration.startsWith('per ') ? plan.duration : `for ${plan.duration}`
  return `${plan.name} ${plan.price} for ${plan.messages} ${period}${plan.popular ? ' (most popular)' : ''}`
}

function servicePart(service: Service, intents: Set<Intent>): Part {
  const sentences: string[] = []
  const asks = (i: Intent) => intents.has(i)
  const plans = service.pricingPlans ?? []
  if (asks('price') || asks('timeline') || asks('team')) {
    const clauses: string[] = []
    // A price means little without the time it buys, so price answers carry the timeline too.
    if (asks('price')) clauses.push(priceClause(service))
    if (asks('timeline') || asks('price')) clauses.push(timelineClause(service))
    if (asks('team')) clauses.push(`is delivered by a team of ${service.teamSize}`)
    sentences.push(`Our ${service.title} service ${list(clauses)}.`)
    if (asks('price') && plans.length > 0) sentences.push(`Plans: ${plans.map(planLine).join('; ')}.`)
    if (asks('price') && service.startingPrice.per === 'project') {
      sentences.push(
        `The final price depends on your scope: a project brief gets you a quote within ${promise('quotes')}.`,
      )
    }
  }
  if (asks('technologies')) {
    sentences.push(`For ${service.title} we work with ${list(service.technologies)}.`)
  }
  if (asks('features')) {
    sentences.push(`${service.title} includes ${list(service.features.map((f) => f.toLowerCase()))}.`)
  }
  if (asks('deliverables')) {
    sentences.push(
      `With ${service.title} you receive ${list(service.deliverables.map((d) => d.toLowerCase()))}.`,
    )
  }
  if (asks('successRate') && service.successRate !== undefined) {
    sentences.push(`${service.title} has a ${service.successRate}% delivery success rate.`)
  }
  if (sentences.length === 0) {
    // A question about the service in general: what it is, what it costs and how long it takes.
    sentences.push(
      service.otpExplainer && asks('more')
        ? service.otpExplainer.text
        : `${service.title}: ${service.subtitle.charAt(0).toLowerCase()}${service.subtitle.slice(1)}.`,
    )
    sentences.push(
      `It ${priceClause(service)}, ${timelineClause(service)} and is delivered by ${service.teamSize}.`,
    )
    if (service.successRate !== undefined) sentences.push(`Delivery success rate: ${service.successRate}%.`)
  }
  return { text: sentences.join(' '), sources: [serviceSource(service)] }
}

function planPart(service: Service, plan: PricingPlan): Part {
  const period = plan.duration.startsWith('per ') ? plan.duration : `for ${plan.duration}`
  const popular = plan.popular ? ` It is our most popular ${service.title} plan.` : ''
  const bestFor = plan.bestFor ? ` Best for: ${plan.bestFor.toLowerCase()}.` : ''
  return {
    text: `The ${service.title} ${plan.name} plan costs ${plan.price} ${period} for ${plan.messages}, with ${list(plan.features.map((f) => f.toLowerCase()))}.${popular}${bestFor}`,
    sources: [serviceSource(service)],
  }
}

function projectPart(project: ProjectFact, intents: Set<Intent>): Part {
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

function jobPart(job: JobFact): Part {
  const where = [job.location, job.workFrom].filter(Boolean).join(', ')
  const salary = job.salaryRange ? ` Salary range: ${job.salaryRange}.` : ''
  return {
    text: `${job.title}: ${job.jobType}, ${job.experienceLevel}${where ? `, ${where}` : ''}.${salary} You can apply with your CV on its page.`,
    sources: [{ title: job.title, url: jobPath(job) }],
  }
}

function jobsPart(matching: JobFact[], knowledge: Knowledge, question: string): Part {
  if (matching.length === 1 && matching[0]) return jobPart(matching[0])
  if (matching.length > 1) {
    const shown = matching.slice(0, 5)
    return {
      text: `Matching openings: ${list(shown.map((j) => `${j.title} (${j.jobType}, ${j.location || j.workFrom})`))}. Apply with your CV on each position's page.`,
      sources: [
        ...shown.slice(0, 4).map((j) => ({ title: j.title, url: jobPath(j) })),
        { title: 'Careers', url: '/careers' },
      ],
    }
  }
  const asked = significantWords(question).filter(
    (w) => !CAREER_WORDS.has(w) && !QUESTION_WORDS.has(w) && !GENERIC_TITLE_WORDS.has(w),
  )
  const general = careersPart(knowledge)
  return asked.length > 0 && knowledge.jobs.length > 0
    ? {
        ...general,
        text: `We don't have an opening matching that right now. ${general.text.replace("Yes, we're hiring! ", '')}`,
      }
    : general
}

function careersPart(knowledge: Knowledge): Part {
  const careers = { title: 'Careers', url: '/careers' }
  if (knowledge.jobs.length === 0) {
    return {
      text: `We have no open positions right now. New openings appear on the Careers page, or send your CV to ${site.salesEmail}.`,
      sources: [careers],
    }
  }
  const shown = knowledge.jobs.slice(0, 5)
  const more = knowledge.jobs.length > shown.length ? ` and ${knowledge.jobs.length - shown.length} more` : ''
  return {
    text: `Yes, we're hiring! Open positions: ${list(shown.map((j) => `${j.title} (${j.location || j.workFrom})`))}${more}. Apply with your CV on the Careers page.`,
    sources: [careers, ...shown.slice(0, 3).map((j) => ({ title: j.title, url: jobPath(j) }))],
  }
}

function startPart(): Part {
  return {
    text: `Getting started is easy: fill in the three-step project brief on Start Your Project (Project Basics, Requirements, Contact & Submit). We review it within ${promise('general')}, send a proposal within ${promise('quotes')}, and then kick off. Prefer to talk first? Schedule a consultation through the Contact page.`,
    sources: [START, CONTACT],
  }
}

function contactPart(): Part {
  return {
    text: `You can reach us at ${site.salesEmail}, by phone or WhatsApp on ${site.phone}, or through the form on the Contact page (${site.businessHours}). For help with an existing project, email ${site.supportEmail}.`,
    sources: [CONTACT],
  }
}

function hoursPart(): Part {
  return {
    text: `Our business hours are ${site.businessHours}. Messages are answered within ${promise('general')}, and urgent requests the ${promise('urgent')}.`,
    sources: [CONTACT],
  }
}

function responsePart(): Part {
  return {
    text: `We answer general inquiries within ${promise('general')}, project quotes within ${promise('quotes')} and urgent requests the ${promise('urgent')}.`,
    sources: [CONTACT],
  }
}

function officesPart(knowledge: Knowledge): Part {
  const countries = `We have offices in ${list(OFFICE_COUNTRIES.map((c) => (c === 'UAE' ? 'the UAE' : c)))}.`
  const listed =
    knowledge.offices.length > 0
      ? ` ${knowledge.offices.map((o) => `${o.title}: ${o.address}${o.phone ? `, ${o.phone}` : ''}`).join('. ')}.`
      : ''
  return { text: `${countries}${listed}`, sources: [CONTACT, { title: 'About Us', url: '/about' }] }
}

function aboutPart(): Part {
  const founding = COMPANY_TIMELINE.map((t) => `${t.year} ${t.title}`)
  return {
    text: `${site.name} was founded in ${site.founded} by ${list(COMPANY_FOUNDERS.map((f) => `${f.name} (${f.role})`))}. Milestones: ${founding.join('; ')}.`,
    sources: [{ title: 'About Us', url: '/about' }],
  }
}

function servicesPart(knowledge: Knowledge): Part {
  const main = knowledge.services.filter((s) => !s.isOTP).map((s) => s.title)
  const otp = knowledge.services.filter((s) => s.isOTP).map((s) => s.title)
  return {
    text: `We offer ${list(main)}${otp.length > 0 ? `, plus ${list(otp)} messaging` : ''}. ${HOME_ASSISTANT_CONTEXT}`,
    sources: [SERVICES],
  }
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
function projectsPart(knowledge: Knowledge, question: string): Part {
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

function ratingPart(): Part {
  return {
    text: `Our clients rate us ${CLIENT_RATING}, and we have ${PROJECTS_DELIVERED.toLowerCase()}.`,
    sources: [{ title: 'Clients', url: '/clients' }],
  }
}

/** A price, timeline or team question without a subject: the ranges and a few examples. */
function generalPart(knowledge: Knowledge, intents: Set<Intent>): Part {
  const main = knowledge.services.filter((s) => !s.isOTP)
  const sentences = [HOME_ASSISTANT_CONTEXT]
  if (intents.has('price')) {
    sentences.push(
      `Starting prices: ${main.map((s) => `${s.title} ${priceClause(s).replace(/^\w+ (at |from )?/, '')}`).join('; ')}.`,
    )
    const otp = knowledge.services.filter((s) => s.isOTP)
    if (otp.length > 0) {
      sentences.push(
        `OTP messaging: ${otp.map((s) => `${s.title} ${priceClause(s).replace(/^\w+ /, '')}`).join(', ')}.`,
      )
    }
    sentences.push(`For an exact price, send a project brief: quotes come back within ${promise('quotes')}.`)
  }
  if (intents.has('timeline')) {
    sentences.push(`Typical timelines: ${main.map((s) => `${s.title} ${s.timeline}`).join('; ')}.`)
  }
  if (intents.has('team')) {
    sentences.push(`Team sizes: ${main.map((s) => `${s.title} ${s.teamSize}`).join('; ')}.`)
  }
  if (intents.has('technologies')) {
    const all = [...new Set(main.flatMap((s) => s.technologies))].slice(0, 14)
    sentences.push(`Technologies we use include ${list(all)}; each service page lists its own.`)
  }
  return { text: sentences.join(' '), sources: [SERVICES, START] }
}

function docPart(doc: KnowledgeDoc, knowledge: Knowledge, intents: Set<Intent>): Part | null {
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
}

/** The site documents that best match a question, best first (MiniSearch BM25 with fuzzy and prefix). */
export function retrieve(knowledge: Knowledge, question: string, limit = 5): RetrievedDoc[] {
  const asked = new Set(significantWords(question).filter((w) => !QUESTION_WORDS.has(w)))
  if (asked.size === 0) return []
  const results = knowledge.index.search([...asked].join(' '))
  return results.slice(0, limit).flatMap((result) => {
    const doc = knowledge.docs.get(String(result.id))
    return doc ? [{ doc, score: result.score, coverage: result.queryTerms.length / asked.size }] : []
  })
}

function subjectsFromHistory(question: AssistantQuestion, intents: Set<Intent>): Subjects {
  const earlier = question.history
    .filter((t) => t.role === 'user')
    .slice(-3)
    .reverse()
  for (const turn of earlier) {
    const subjects = findSubjects(turn.content, question.knowledge, detectIntents(turn.content))
    subjects.jobs = intents.has('careers') ? subjects.jobs : []
    if (hasSubjects(subjects)) return subjects
  }
  return emptySubjects()
}

function subjectsFromContext(question: AssistantQuestion): Subjects {
  const subjects = emptySubjects()
  if (question.context?.kind === 'service') subjects.services.push(question.context.service)
  if (question.context?.kind === 'project') subjects.projects.push(question.context.project)
  return subjects
}

function merge(parts: Part[]): { reply: string; sources: AssistantSource[] } {
  const seen = new Set<string>()
  const sources: AssistantSource[] = []
  for (const source of parts.flatMap((p) => p.sources)) {
    if (seen.has(source.url)) continue
    seen.add(source.url)
    sources.push(source)
  }
  return { reply: parts.map((p) => p.text).join('\n\n'), sources: sources.slice(0, 5) }
}

/**
 * The local answerer: intent rules for the questions visitors ask most, subjects found by name in the
 * catalogue and the database, MiniSearch retrieval for everything else, and an honest "I don't know".
 * Prices only ever come from the catalogue.
 */
export function answerLocally(question: AssistantQuestion): { reply: string; sources: AssistantSource[] } {
  const { knowledge } = question
  const text = question.question.trim()
  const intents = detectIntents(text)
  if (FOLLOW_UP.test(text) && ![...intents].some((i) => SUBJECT_INTENTS.includes(i) && i !== 'more')) {
    // "And for a website?" asks the previous question again about something else.
    const previous = question.history.filter((t) => t.role === 'user').at(-1)
    for (const intent of previous ? detectIntents(previous.content) : []) {
      if (SUBJECT_INTENTS.includes(intent)) intents.add(intent)
    }
  }
  const named = findSubjects(text, knowledge, intents)
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
  if (!explicit && unknown.length > 0 && asksAboutSubject) {
    // Something we have no facts about: never improvise a price or a timeline for it.
    const what = intents.has('price') ? 'a price for that' : 'information about that'
    const honest = fallback(`I don't have ${what} in our catalogue, so I'd rather not guess.`)
    return merge([{ ...honest, sources: [...honest.sources, SERVICES] }])
  }
  if (retrieved?.doc.kind === 'faq' && ![...intents].some((i) => !isSocial(i) && i !== 'more')) {
    // A question our FAQ covers ("is the first call free?") beats a general description of a service.
    const part = docPart(retrieved.doc, knowledge, intents)
    if (part) return withGreeting(merge([part]), intents)
  }

  // The subject: named in the question, else the one of the conversation so far, else the page's.
  let subjects = named
  if (!explicit && unknown.length === 0 && (asksAboutSubject || intents.size === 0)) {
    const earlier = subjectsFromHistory(question, intents)
    subjects = hasSubjects(earlier) ? earlier : subjectsFromContext(question)
  }

  const parts: Part[] = []
  if (intents.size === 0 && !explicit) {
    const part = retrieved ? docPart(retrieved.doc, knowledge, intents) : null
    if (part) parts.push(part)
    // A short follow-up ("and for iOS?") about the subject already on the table.
    else if (hasSubjects(subjects) && words(text).length <= 5) intents.add('more')
  }
  if (parts.length === 0) parts.push(...ruleParts(knowledge, subjects, intents, text, explicit))
  if (parts.length === 0) {
    const part = retrieved ? docPart(retrieved.doc, knowledge, intents) : null
    parts.push(part ?? fallback())
  }
  return withGreeting(merge(parts), intents)
}

const isSocial = (intent: Intent) => intent === 'greeting' || intent === 'thanks'

function socialReply(question: AssistantQuestion, intents: Set<Intent>) {
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

function withGreeting(answer: { reply: string; sources: AssistantSource[] }, intents: Set<Intent>) {
  return intents.has('greeting') ? { ...answer, reply: `Hello! ${answer.reply}` } : answer
}

/** The answer parts the intent rules give for the question's subjects. */
function ruleParts(
  knowledge: Knowledge,
  subjects: Subjects,
  intents: Set<Intent>,
  text: string,
  explicit: boolean,
): Part[] {
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
    const general: Intent[] = ['price', 'timeline', 'team', 'technologies']
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
  return [...intents].some((i) => !SUBJECT_INTENTS.includes(i) && i !== 'greeting' && i !== 'thanks')
}

/** The sandbox assistant (ARCHITECTURE §5): answers from the site's own content, no network. */
export class LocalAnswerer implements Assistant {
  readonly sandbox = true

  async answer(question: AssistantQuestion): Promise<AssistantAnswer> {
    return { ...answerLocally(question), sandbox: true }
  }
}
