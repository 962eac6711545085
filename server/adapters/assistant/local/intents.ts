import { OTP_GROUP_ALIASES, SERVICE_ALIASES } from '../knowledge/aliases'
import { significantWords, stem, words } from '../knowledge/text'

export type Intent =
  | 'greeting'
  | 'thanks'
  | 'price'
  | 'unit'
  | 'plans'
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

/**
 * The words and phrases visitors use for each idea, '|'-separated. A question is matched after light
 * normalisation (lower case, no apostrophes, articles and forms of "to be" dropped, plurals stemmed), the
 * longest phrase first, and a word belongs to one phrase only: "by the hour" is a unit, not business hours.
 */
const CONCEPTS = {
  price: `price | pricing | priced | cost | costing | fee | charge | charged | charging | bill | billed | billing |
    rate | tariff | budget | expensive | cheap | cheaper | cheapest | afford | affordable | ballpark | dollar | usd |
    egp | spend | investment | price tag | starting at | start at | starts at`,
  howMuch: 'how much',
  unit: `hourly | monthly | per hour | per month | per project | per week | by hour | by month | by project |
    one time | one off | onetime | subscription | recurring | fixed price | yearly | annually`,
  quote: 'quote | quotation | estimate',
  plan: 'plan | package | tier | bundle',
  option: 'option',
  duration: `how long | timeline | timeframe | time frame | duration | turnaround | turn around | deadline | eta |
    lead time | delivery time | how much time | delivery date | launch date | how many hour`,
  speed: 'how soon | how quickly | how fast | how quick | soonest | earliest | asap',
  ready: `ready | done | finish | finished | complete | completed | launch | launched | go live | live | deliver |
    delivered | delivery | ship | shipped | release | released`,
  when: 'when',
  time: 'time',
  within: 'in | within',
  doIt: 'do it | do this | do that | do whole thing',
  use: 'use | using',
  available: 'available | availability',
  until: 'until | till | before launch',
  period: 'week | month | day | year',
  howMany: 'how many',
  team: `team | people | developer | dev | engineer | specialist | designer | expert | staff | headcount | crew | member |
    who work | who would work | who will work | who works | who on | how many people | team size`,
  tech: `technology | tech | stack | tech stack | framework | tool | language | library | built with | build with |
    made with | written in | build it with`,
  build: 'build | built | make | made | develop | developed | write | code | set up | setup',
  feature: `feature | include | included | including | come with | cover | covered | part of | scope | capability |
    what in`,
  deliverable: `deliverable | hand over | handover | hand off | receive | at end | output | what delivered |
    what do you deliver | what get delivered | get at end`,
  reliability: `delivery rate | success rate | deliverability | delivery success | reliable | reliably | reliability | arrive |
    get delivered | percentage | fail | failure rate`,
  hours: `hour | business hour | opening hour | office hour | working hour | open | opening time | close | closing |
    closed | what time | weekend | saturday | sunday | friday | monday | working day | which day | what day |
    day do you work | holiday`,
  place: `office | based in | you based | located | location | address | headquarters | hq | city | country |
    where you | where your | visit | in person | branch | dubai | cairo | egypt | uae | emirates | chicago | giza`,
  contact: `contact | email | e mail | mail | email address | phone | phone number | call | call you | reach | get in touch |
    touch | talk | speak | whatsapp number | telephone | message you | write to you | your number |
    contact number`,
  reply: `reply | respond | response | response time | hear back | hear from you | get back | answer | call back |
    callback | reply time`,
  careers: `job | career | hiring | you hiring | vacancy | open position | position | opening | work for you |
    work at cypher | work for cypher | join you | join your team | join team | internship | intern | salary | apply for | apply`,
  howCanI: `how do i | how can i | how should i | how would i | how do we | how can we | how could i | how to |
    how does one`,
  begin: `start | begin | get started | proceed | order | hire you | work with you | engage you`,
  start: `get started | start project | start my project | start new project | kick off | kickoff | next step |
    your process | process | project brief | send brief | proposal | hire you | work with you | book call |
    book meeting | book consultation | schedule call | schedule meeting | schedule consultation`,
  projects: `your project | your work | portfolio | case study | example of your work | examples of work | previous work |
    past work | work you have done | have you built | have you ever built | have you done | have you made |
    have you delivered | have you developed | have you worked on | have you created | show me your project |
    which project | any project`,
  services: `what service | which service | what do you do | what do you offer | what can you do |
    what can you build | your service | list of service | service you offer | service do you | service you provide |
    what do you provide | what kind of service`,
  about: `about you | about cypher | about company | about your company | founded | founder | history |
    when did you start | how old | company background | background | who own | who started | who runs`,
  rating: 'rating | rated | review | testimonial | satisfied | client rating',
  similar: `similar | something like this | something like that | one like this | one like that | same app |
    same project | like this one`,
  thanks: 'thanks | thank | thx | appreciate it | cheers',
  // Phrases our FAQ answers: they take their words away from the intents ("call" is no contact request here).
  faq: 'first call | free call | first consultation | free consultation | source code',
} satisfies Record<string, string>

type Concept = keyof typeof CONCEPTS

/** Each intent: any one of these combinations of concepts, every concept of a combination present. */
const RULES: [Intent, Concept[][]][] = [
  ['price', [['price'], ['howMuch'], ['quote'], ['unit']]],
  ['unit', [['unit']]],
  ['plans', [['plan'], ['option']]],
  [
    'timeline',
    [
      ['duration'],
      ['speed'],
      ['time', 'ready'],
      ['time', 'build'],
      ['when', 'ready'],
      ['until', 'ready'],
      ['howMany', 'period'],
      ['ready', 'period'],
      ['build', 'period'],
      ['within', 'period', 'ready'],
      ['within', 'period', 'build'],
      ['within', 'period', 'doIt'],
    ],
  ],
  ['team', [['team']]],
  ['technologies', [['tech'], ['use', 'build']]],
  ['features', [['feature']]],
  ['deliverables', [['deliverable']]],
  ['successRate', [['reliability']]],
  ['hours', [['hours'], ['when', 'available']]],
  ['response', [['reply'], ['speed', 'quote'], ['duration', 'quote'], ['when', 'quote']]],
  ['contact', [['contact']]],
  ['offices', [['place']]],
  ['careers', [['careers']]],
  ['start', [['start'], ['howCanI', 'begin']]],
  ['projects', [['projects']]],
  ['services', [['services']]],
  ['about', [['about']]],
  ['rating', [['rating']]],
  ['similar', [['similar']]],
  ['thanks', [['thanks']]],
]

/** A more precise intent hides the looser reading of the same words ("delivery rate" is no price). */
const HIDES: [Intent, Intent[]][] = [
  ['successRate', ['price', 'timeline', 'deliverables']],
  ['response', ['timeline', 'price', 'contact']],
  ['hours', ['timeline']],
  ['deliverables', ['timeline']],
  ['contact', ['team']],
  ['careers', ['team']],
]

const GREETING =
  /^\s*(hi|hello|hey|hiya|howdy|greetings|good (morning|afternoon|evening)|salam|salaam|marhaba|as?salamu? ?alaikum)\b/
const MORE =
  /\b(tell me (more|about)|more (details|info|information)|explain|describe|what is|what's|what are)\b/

/** Dropped before matching: they change nothing about what is asked. */
const FILLERS = new Set(['a', 'an', 'the', 'is', 'are', 'be', 'am', 'was', 'were', 'been', 'being'])

export function intentTokens(text: string): string[] {
  return words(text)
    .filter((w) => !FILLERS.has(w))
    .map(stem)
}

const splitPhrases = (text: string) =>
  text
    .split('|')
    .map((phrase) => intentTokens(phrase))
    .filter((tokens) => tokens.length > 0)

/** Every phrase of every concept, longest first; the order of CONCEPTS breaks ties. */
const PHRASES: { concept: Concept; tokens: string[] }[] = (Object.entries(CONCEPTS) as [Concept, string][])
  .flatMap(([concept, text]) => splitPhrases(text).map((tokens) => ({ concept, tokens })))
  .sort((a, b) => b.tokens.length - a.tokens.length)

/** Service names of several words: "legal tech" names a service, it does not ask about technology. */
const SERVICE_PHRASES = [...Object.values(SERVICE_ALIASES).flat(), ...OTP_GROUP_ALIASES]
  .map(intentTokens)
  .filter((tokens) => tokens.length > 1)
  .sort((a, b) => b.length - a.length)

/** Marks the tokens of each occurrence of `phrase` not yet taken; true when it occurred. */
function take(tokens: string[], taken: boolean[], phrase: string[]): boolean {
  let found = false
  for (let i = 0; i + phrase.length <= tokens.length; i += 1) {
    if (phrase.every((word, j) => tokens[i + j] === word && !taken[i + j])) {
      for (let j = 0; j < phrase.length; j += 1) taken[i + j] = true
      found = true
    }
  }
  return found
}

function concepts(text: string): Set<Concept> {
  const tokens = intentTokens(text)
  const taken = tokens.map(() => false)
  for (const phrase of SERVICE_PHRASES) take(tokens, taken, phrase)
  const found = new Set<Concept>()
  for (const { concept, tokens: phrase } of PHRASES) if (take(tokens, taken, phrase)) found.add(concept)
  return found
}

/** What a question asks; several intents can match one question. */
export function detectIntents(question: string): Set<Intent> {
  const text = question.toLowerCase().replace(/[’]/g, "'")
  const found = concepts(text)
  const intents = new Set<Intent>()
  if (GREETING.test(text)) intents.add('greeting')
  for (const [intent, alternatives] of RULES) {
    if (alternatives.some((all) => all.every((concept) => found.has(concept)))) intents.add(intent)
  }
  // "What do you build it with?": a trailing "with" after a verb of making asks for the tools.
  if (found.has('build') && /\bwith\W*$/.test(text)) intents.add('technologies')
  // "Do you use Flutter?": asked alone, "use" asks about the tools.
  if (found.has('use') && intents.size === 0) intents.add('technologies')
  if (MORE.test(text)) intents.add('more')
  for (const [precise, loose] of HIDES) {
    if (intents.has(precise)) for (const intent of loose) intents.delete(intent)
  }
  return intents
}

export const FOLLOW_UP = /^\s*(and|what about|how about|also|same for|same question for)\b/i

/** Intents whose answer depends on what the question is about (a service, plan or project). */
export const SUBJECT_INTENTS: Intent[] = [
  'price',
  'unit',
  'plans',
  'timeline',
  'team',
  'technologies',
  'features',
  'deliverables',
  'successRate',
  'similar',
  'more',
]

export const isSocial = (intent: Intent) => intent === 'greeting' || intent === 'thanks'

/** Everyday words of questions that are not in the site's content but do not name an unknown subject. */
const EVERYDAY = `long time timeframe frame week weeks month months year years take takes need want looking interested
  help question idea software system solution product platform client customer typical typically usually average
  approximately roughly around about exactly estimate actually always really currently now soon start started
  begin end good great nice small big large simple basic complex custom new one two three four five last
  message messages code codes someone person human sales number get give show list tell explain describe detail
  details info information like same thing recommend recommended best popular worth choose choice buy purchase
  kind sort urgent request requests inquiry inquiries people size use used receive day days biggest largest
  smallest highest lowest top premium entry level`

/** Words the intents use; they say what is asked, not about what, so they are never "unknown". */
export const QUESTION_WORDS = new Set([
  ...significantWords(EVERYDAY),
  ...(Object.entries(CONCEPTS) as [Concept, string][])
    .filter(([concept]) => concept !== 'faq')
    .flatMap(([, text]) => significantWords(text.replace(/\|/g, ' '))),
])
