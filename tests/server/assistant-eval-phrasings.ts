import { OFFICE_COUNTRIES } from '../../src/contract/offices'
import { type Service, type ServiceSlug } from '../../src/contract/services'
import { site } from '../../src/contract/site'

// The phrasings of the generated evaluation set (tests/server/assistant-eval.ts): visitors' words, not
// the answerer's vocabulary, and the catalogue facts each answer must contain.

export type EvalIntent =
  | 'price'
  | 'unit'
  | 'timeline'
  | 'team'
  | 'technologies'
  | 'features'
  | 'deliverables'
  | 'plans'
  | 'plan'
  | 'deliveryRate'
  | 'hours'
  | 'offices'
  | 'contact'
  | 'response'
  | 'fallback'

/** A fact the reply must contain: one text, or any one of several wordings. */
export type Fact = string | string[]

/** What visitors call each service; the first is the catalogue's title. */
export const VISITOR_NAMES: Record<ServiceSlug, string[]> = {
  'web-development': ['Web Development', 'a website', 'a web app'],
  'mobile-apps': ['Mobile Apps', 'a mobile app', 'an iOS and Android app'],
  'ai-solutions': ['AI & Machine Learning', 'an AI chatbot', 'machine learning'],
  'digital-marketing': ['Digital Marketing', 'online marketing', 'SEO and ads'],
  'technical-consultation': ['Technical Consultation', 'a tech consultation', 'technical consulting'],
  'legal-tech-consultation': ['Legal Tech Consultation', 'legal tech advice', 'legal tech consulting'],
  cybersecurity: ['Cybersecurity', 'a penetration test', 'a security audit'],
  cloud: ['Cloud & DevOps', 'a cloud migration', 'DevOps'],
  'ui-ux': ['UI/UX Design', 'UX design', 'a UI redesign'],
  'erp-crm': ['ERP & CRM Systems', 'an ERP system', 'a CRM'],
  'sms-otp': ['SMS OTP', 'SMS verification codes', 'OTP by SMS'],
  'whatsapp-otp': ['WhatsApp OTP', 'WhatsApp verification codes', 'OTP over WhatsApp'],
}

export interface ServiceTemplates {
  /** With `{s}` for the service's name: five or more. */
  named: string[]
  /** The service is only the page's: five or more. */
  unnamed: string[]
  facts: (service: Service) => Fact[]
  /** Everything the catalogue lists for the intent, when the facts are only its first items. */
  all?: (service: Service) => string[]
  /** Only for the services this holds for (OTP plans and delivery rates). */
  applies?: (service: Service) => boolean
}

export const money = (amount: number, currency: 'USD' | 'EGP') =>
  currency === 'USD' ? `$${amount.toLocaleString('en-US')}` : `${amount.toLocaleString('en-US')} EGP`

export const UNIT_WORDINGS: Record<Service['startingPrice']['per'], string[]> = {
  hour: ['/hour', 'per hour', 'an hour', 'hourly'],
  month: ['/month', 'per month', 'a month', 'monthly'],
  project: ['per project', 'a project', 'for the project'],
}

export const startingPrice = (s: Service) => money(s.startingPrice.amount, s.startingPrice.currency)
export const weeks = (s: Service) => s.timeline.replace(/ setup$/, '')

export const SERVICE_INTENTS: Partial<Record<EvalIntent, ServiceTemplates>> = {
  price: {
    named: [
      'How much does {s} cost?',
      'What do you charge for {s}?',
      "What's the fee for {s}?",
      'How much would {s} cost me?',
      "What's the cheapest plan for {s}?",
      'What are your rates for {s}?',
    ],
    unnamed: [
      'How much is this?',
      "What's the fee?",
      'What would it cost me?',
      'What do you charge?',
      "What's the cheapest option?",
      'Roughly what budget do I need for this?',
    ],
    facts: (s) => [startingPrice(s)],
  },
  unit: {
    named: [
      'Is {s} billed per hour, per month or per project?',
      'Do you charge by the hour for {s}?',
      'Is {s} a monthly fee or a one-time price?',
      'How is {s} billed?',
      'Do I pay for {s} monthly?',
    ],
    unnamed: [
      'Is this billed hourly?',
      'Is that a monthly charge?',
      'Do I pay per project or per month?',
      'Is the fee per hour?',
      'How is it billed?',
    ],
    facts: (s) => [startingPrice(s), UNIT_WORDINGS[s.startingPrice.per]],
  },
  timeline: {
    named: [
      'How long does {s} take?',
      'How many weeks for {s}?',
      'How soon can {s} be delivered?',
      "What's the delivery time for {s}?",
      'How long until launch for {s}?',
      'When would {s} be ready if we started now?',
    ],
    unnamed: [
      'How long will this take?',
      'How many weeks until launch?',
      'How soon could you deliver it?',
      "What's the turnaround?",
      'When would it be ready?',
      "What's the timeline?",
    ],
    facts: (s) => [weeks(s)],
  },
  team: {
    named: [
      'How big is the team for {s}?',
      'How many people work on {s}?',
      'Who would work on {s}?',
      'How many specialists do you put on {s}?',
      'What team size do you use for {s}?',
    ],
    unnamed: [
      'How many people will work on this?',
      'How big is the team?',
      "Who's on the team for this?",
      'How many specialists do I get?',
      "What's the team size?",
    ],
    facts: (s) => [s.teamSize],
  },
  technologies: {
    named: [
      'What technologies do you use for {s}?',
      'Which tech stack is {s} built with?',
      'What tools do you use for {s}?',
      'Which frameworks do you use for {s}?',
      'What do you build {s} with?',
    ],
    unnamed: [
      "What's the tech stack?",
      'Which technologies do you use here?',
      'What tools do you use for this?',
      'What is it built with?',
      'Which frameworks does this use?',
    ],
    facts: (s) => s.technologies.slice(0, 2),
    all: (s) => s.technologies,
  },
  features: {
    named: [
      "What's included in {s}?",
      'What features does {s} come with?',
      'What does {s} include?',
      'What do you cover in {s}?',
      "What's part of the {s} service?",
    ],
    unnamed: [
      "What's included?",
      'What does this include?',
      'What features come with it?',
      'What do you cover?',
      "What's part of this service?",
    ],
    facts: (s) => s.features.slice(0, 2),
    all: (s) => s.features,
  },
  deliverables: {
    named: [
      'What do I get at the end of {s}?',
      'What are the deliverables for {s}?',
      'What will you hand over after {s}?',
      'What do I receive with {s}?',
      'What is delivered at the end of {s}?',
    ],
    unnamed: [
      'What do I get at the end?',
      'What are the deliverables?',
      'What do you hand over?',
      'What will I receive when it is done?',
      "What's delivered when it's finished?",
    ],
    facts: (s) => s.deliverables.slice(0, 2),
    all: (s) => s.deliverables,
  },
  plans: {
    named: [
      'What plans do you have for {s}?',
      'What {s} packages are there?',
      'Which {s} bundles can I buy?',
      'List the tiers for {s}',
      'What are the options for {s}?',
    ],
    unnamed: [
      'What plans are there?',
      'Which packages do you offer?',
      'Show me the tiers',
      'What bundles can I choose from?',
      'What are the plan options?',
    ],
    facts: (s) => (s.pricingPlans ?? []).flatMap((p) => [p.name, p.price]),
    applies: (s) => (s.pricingPlans ?? []).length > 0,
  },
  deliveryRate: {
    named: [
      "What's the delivery rate of {s}?",
      'How reliable is {s}?',
      'What percentage of {s} messages arrive?',
      'Do {s} codes actually get delivered?',
      "What's the success rate for {s}?",
    ],
    unnamed: [
      "What's the delivery rate?",
      'How reliable is it?',
      'How many messages actually arrive?',
      'Do the codes always get delivered?',
      "What's the success rate?",
    ],
    facts: (s) => [`${s.successRate}%`],
    applies: (s) => s.successRate !== undefined,
  },
}

/** Questions about one plan: `{s}` the service, `{p}` the plan's name. */
export const PLAN_TEMPLATES = {
  named: [
    "What's in the {s} {p} plan?",
    'How many messages does the {p} package of {s} give me?',
    'What does the {s} {p} tier include?',
    'How much is the {p} plan for {s}?',
    'Tell me about {s} {p}',
  ],
  unnamed: [
    "What's in the {p} plan?",
    'How many messages come with the {p} package?',
    'What does the {p} tier include?',
    'How much is {p}?',
    'Tell me about the {p} option',
  ],
}

/** Questions about the company, asked anywhere on the site. */
export const COMPANY_INTENTS: { intent: EvalIntent; phrasings: string[]; facts: Fact[] }[] = [
  {
    intent: 'hours',
    phrasings: [
      'What are your opening hours?',
      'When are you open?',
      'Are you open on Saturdays?',
      'What time do you close?',
      'Can I call you on a Sunday?',
      'Which days do you work?',
    ],
    facts: [site.businessHours],
  },
  {
    intent: 'offices',
    phrasings: [
      'Where are you based?',
      'Where is your office?',
      'Do you have an office in Dubai?',
      'Which cities are you in?',
      'Can I visit you in person?',
      "What's your address?",
    ],
    facts: [...OFFICE_COUNTRIES],
  },
  {
    intent: 'contact',
    phrasings: [
      'How can I reach you?',
      "What's your email address?",
      'Can I call someone?',
      "What's your phone number?",
      'How do I get in touch with sales?',
      'Is there a WhatsApp number I can message?',
    ],
    facts: [site.salesEmail, site.phone],
  },
  {
    intent: 'response',
    phrasings: [
      'How fast do you reply?',
      'How long until I hear back?',
      'How soon will I get a quote?',
      'When will you get back to me?',
      'How quickly do you answer emails?',
      "What's your response time for urgent requests?",
    ],
    facts: ['24 hours', '48 hours'],
  },
  {
    intent: 'fallback',
    phrasings: [
      'How much does a blockchain game cost?',
      'Do you sell used cars?',
      'How long does it take to build a rocket?',
      "What's the weather in Paris tomorrow?",
      "What's your price for wedding photography?",
      'Who won the World Cup in 2022?',
    ],
    facts: ['rather not guess', site.salesEmail],
  },
]
