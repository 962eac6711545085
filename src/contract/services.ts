/**
 * The service catalogue and the company's fixed business facts (spec 000 §1, §2, §3, §9). Pages, the
 * server's e-mails and the assistant all read them from here, so a price changes in one place.
 */

export const SERVICE_SLUGS = [
  'web-development',
  'mobile-apps',
  'ai-solutions',
  'digital-marketing',
  'technical-consultation',
  'legal-tech-consultation',
  'cybersecurity',
  'cloud',
  'ui-ux',
  'erp-crm',
  'sms-otp',
  'whatsapp-otp',
] as const
export type ServiceSlug = (typeof SERVICE_SLUGS)[number]

export type Currency = 'USD' | 'EGP'

/** A starting price as a number, for sorting and for the assistant; `pricing` is the text shown. */
export interface StartingPrice {
  amount: number
  currency: Currency
  /** What the amount buys: a whole project, an hour of consulting, or a month of service. */
  per: 'project' | 'hour' | 'month'
}

/** One OTP messaging plan (spec 000 §3 "Pricing plan"). */
export interface PricingPlan {
  name: string
  /** Price text as shown: '300 EGP', '$60'. */
  price: string
  amount: number
  currency: Currency
  /** Messages count text: '250 messages'. */
  messages: string
  messageCount: number
  duration: string
  features: string[]
  popular?: boolean
  bestFor?: string
}

export interface PromoStat {
  value: string
  label: string
}

export interface ServicePromo {
  headline: string
  text: string
  stats: PromoStat[]
}

export interface OtpExplainer {
  /** 'What is SMS OTP?' */
  title: string
  text: string
  steps: string[]
}

export interface Service {
  slug: ServiceSlug
  title: string
  subtitle: string
  description: string
  /** Site-relative image shipped in public/images/services. */
  image: string
  features: string[]
  technologies: string[]
  timeline: string
  teamSize: string
  /** Pricing text as shown on cards and the Project Details card. */
  pricing: string
  startingPrice: StartingPrice
  deliverables: string[]
  /** The four services launched most recently: 'NEW SERVICE' badge and a promotional section. */
  isNew: boolean
  promo?: ServicePromo
  isOTP?: boolean
  otpType?: 'sms' | 'whatsapp'
  pricingPlans?: PricingPlan[]
  /** Delivery success rate in percent (OTP services only). */
  successRate?: number
  otpExplainer?: OtpExplainer
}

const image = (slug: ServiceSlug) => `/images/services/${slug}.svg`

export const services: Service[] = [
  {
    slug: 'web-development',
    title: 'Web Development',
    subtitle: 'Fast, secure web platforms that grow with your business',
    description:
      'From marketing sites to multi-tenant SaaS platforms, we design and build web applications with a security review at every stage. Clean architecture, automated tests and measurable performance budgets come as standard, so what we hand over is easy to run and easy to extend.',
    image: image('web-development'),
    features: [
      'Custom web applications and portals',
      'Responsive, accessible interfaces',
      'E-commerce and payment integration',
      'Content management your team can use',
      'API design and third-party integrations',
      'Performance and SEO optimisation',
      'Automated testing and CI/CD pipelines',
    ],
    technologies: ['React', 'TypeScript', 'Node.js', 'Next.js', 'PostgreSQL', 'Redis', 'Docker'],
    timeline: '4-8 weeks',
    teamSize: '2-4 specialists',
    pricing: 'Starting at $2,500',
    startingPrice: { amount: 2500, currency: 'USD', per: 'project' },
    deliverables: [
      'Production-ready web application',
      'Source code in your repository',
      'Admin panel and user guide',
      'Automated test suite',
      'Deployment on your hosting or ours',
      '30 days of post-launch support',
    ],
    isNew: false,
  },
  {
    slug: 'mobile-apps',
    title: 'Mobile Apps',
    subtitle: 'One cross-platform codebase, native-quality apps on iOS and Android',
    description:
      'We build cross-platform mobile apps that feel native on both stores, with offline support, push notifications and secure storage for what matters. We handle store listings and reviews, so your app reaches users without surprises.',
    image: image('mobile-apps'),
    features: [
      'Cross-platform iOS and Android apps',
      'Offline-first data and sync',
      'Push notifications and deep links',
      'In-app payments and subscriptions',
      'Biometric sign-in and secure storage',
      'App Store and Google Play publishing',
      'Crash reporting and analytics',
    ],
    technologies: ['Flutter', 'React Native', 'Kotlin', 'Swift', 'Firebase', 'Node.js'],
    timeline: '8-12 weeks',
    teamSize: '3-5 specialists',
    pricing: 'Starting at $5,000',
    startingPrice: { amount: 5000, currency: 'USD', per: 'project' },
    deliverables: [
      'iOS and Android apps published to the stores',
      'Backend API and admin dashboard',
      'Store listings and screenshots',
      'Source code and build pipeline',
      'Release and maintenance guide',
      '60 days of post-launch support',
    ],
    isNew: false,
  },
  {
    slug: 'ai-solutions',
    title: 'AI & Machine Learning',
    subtitle: 'Practical AI that automates work and answers real business questions',
    description:
      'We find the processes where AI pays for itself, then build it properly: assistants grounded in your own documents, document processing, forecasting and recommendation models. Every model ships with evaluation, monitoring and guardrails, and your data stays under your control.',
    image: image('ai-solutions'),
    features: [
      'Chat assistants grounded in your data',
      'Document extraction and classification',
      'Forecasting and demand prediction',
      'Recommendation engines',
      'Computer vision for inspection and counting',
      'Model evaluation, monitoring and guardrails',
      'Private deployment options',
    ],
    technologies: ['Python', 'PyTorch', 'TensorFlow', 'LangChain', 'FastAPI', 'PostgreSQL', 'Docker'],
    timeline: '6-16 weeks',
    teamSize: '3-6 specialists',
    pricing: 'Starting at $4,000',
    startingPrice: { amount: 4000, currency: 'USD', per: 'project' },
    deliverables: [
      'Feasibility report with success metrics',
      'Trained and evaluated model or assistant',
      'Integration with your systems through an API',
      'Monitoring dashboard',
      'Model documentation and hand-over session',
    ],
    isNew: true,
    promo: {
      headline: 'New: AI that earns its place',
      text: 'We start every AI engagement with a two-week feasibility sprint: if the numbers do not add up, you keep the report and owe nothing more.',
      stats: [
        { value: '60%', label: 'less time spent on routine document handling' },
        { value: '2 weeks', label: 'to a working proof of concept' },
        { value: '24/7', label: 'assistant availability for your customers' },
      ],
    },
  },
  {
    slug: 'digital-marketing',
    title: 'Digital Marketing',
    subtitle: 'Campaigns measured in leads and revenue, not impressions',
    description:
      'Search, social and paid campaigns run by people who also build software, so tracking is accurate and landing pages convert. You get a monthly plan, transparent reporting and a team that adjusts spend based on what actually sells.',
    image: image('digital-marketing'),
    features: [
      'Search engine optimisation',
      'Paid search and social campaigns',
      'Social media content and management',
      'Conversion-focused landing pages',
      'Email marketing automation',
      'Analytics and attribution setup',
      'Monthly performance reports',
    ],
    technologies: [
      'Google Analytics',
      'Google Ads',
      'Meta Ads',
      'HubSpot',
      'Search Console',
      'Looker Studio',
    ],
    timeline: '2-4 weeks setup',
    teamSize: '2-3 specialists',
    pricing: '$1,500/month',
    startingPrice: { amount: 1500, currency: 'USD', per: 'month' },
    deliverables: [
      'Marketing strategy and channel plan',
      'Tracking and analytics configuration',
      'Campaign creatives and copy',
      'Monthly report with recommendations',
      'Quarterly strategy review',
    ],
    isNew: true,
    promo: {
      headline: 'New: marketing wired into your product',
      text: 'Because we build the sites we promote, every campaign launches with clean tracking and pages built to convert.',
      stats: [
        { value: '+150%', label: 'average growth in qualified leads' },
        { value: '3x', label: 'typical return on ad spend after six months' },
        { value: '30 days', label: 'from kickoff to the first campaign' },
      ],
    },
  },
  {
    slug: 'technical-consultation',
    title: 'Technical Consultation',
    subtitle: 'Senior engineering advice before you commit budget',
    description:
      'Architecture reviews, technology choices, code audits and hiring support from engineers who have shipped and operated real systems. Book a few hours for a focused question or a few weeks for a full technical due diligence.',
    image: image('technical-consultation'),
    features: [
      'Architecture and scalability reviews',
      'Technology stack selection',
      'Code and security audits',
      'Technical due diligence for investors',
      'Cloud cost optimisation',
      'Engineering team hiring support',
    ],
    technologies: ['AWS', 'Azure', 'Google Cloud', 'Kubernetes', 'PostgreSQL', 'TypeScript'],
    timeline: '1-4 weeks',
    teamSize: '1-2 specialists',
    pricing: '$150/hour',
    startingPrice: { amount: 150, currency: 'USD', per: 'hour' },
    deliverables: [
      'Written assessment with prioritised findings',
      'Architecture diagrams',
      'Roadmap and cost estimate',
      'Recorded review session',
    ],
    isNew: true,
    promo: {
      headline: 'New: an experienced second opinion, by the hour',
      text: 'Bring one question or a whole system. You pay only for the hours used, and the first call to scope the work is free.',
      stats: [
        { value: '48h', label: 'to a first written assessment' },
        { value: '30%', label: 'average cloud cost saved after a review' },
        { value: '1 hour', label: 'minimum booking' },
      ],
    },
  },
  {
    slug: 'legal-tech-consultation',
    title: 'Legal Tech Consultation',
    subtitle: 'Software and compliance advice for law firms and regulated teams',
    description:
      'We help legal teams choose, configure and secure the software they rely on: case and document management, e-signature, data protection compliance and contract automation. Advice comes from engineers who work with counsel, in plain language.',
    image: image('legal-tech-consultation'),
    features: [
      'Case and document management selection',
      'Contract automation and e-signature',
      'Data protection and privacy compliance',
      'Secure client portals',
      'E-discovery and records retention',
      'Staff training on secure tools',
    ],
    technologies: ['Microsoft 365', 'DocuSign', 'SharePoint', 'Python', 'PostgreSQL', 'Azure'],
    timeline: '1-3 weeks',
    teamSize: '1-2 specialists',
    pricing: '$200/hour',
    startingPrice: { amount: 200, currency: 'USD', per: 'hour' },
    deliverables: [
      'Current-state assessment',
      'Compliance gap analysis',
      'Tool recommendation with costs',
      'Implementation plan',
      'Training materials',
    ],
    isNew: true,
    promo: {
      headline: 'New: technology advice for legal teams',
      text: 'Modernise how your firm handles documents, signatures and client data without risking confidentiality.',
      stats: [
        { value: '40%', label: 'less time spent on routine contract work' },
        { value: '100%', label: 'of recommendations mapped to your regulations' },
        { value: '1 week', label: 'to a compliance gap report' },
      ],
    },
  },
  {
    slug: 'cybersecurity',
    title: 'Cybersecurity',
    subtitle: 'Find and fix weaknesses before attackers do',
    description:
      'Security is where we started in 2020. We test applications and networks, harden cloud accounts, set up monitoring and train your team, then help you fix what we find. Reports are written for both engineers and management.',
    image: image('cybersecurity'),
    features: [
      'Web and mobile penetration testing',
      'Network and cloud security assessments',
      'Secure code review',
      'Security monitoring and incident response',
      'Compliance readiness (ISO 27001, SOC 2, PCI DSS)',
      'Phishing simulation and staff training',
    ],
    technologies: ['Burp Suite', 'OWASP ZAP', 'Nmap', 'Wazuh', 'Kali Linux', 'Cloudflare'],
    timeline: '2-6 weeks',
    teamSize: '2-4 specialists',
    pricing: 'Starting at $3,000',
    startingPrice: { amount: 3000, currency: 'USD', per: 'project' },
    deliverables: [
      'Penetration test report with severity ratings',
      'Executive summary',
      'Remediation plan and retest',
      'Hardening checklist',
      'Security policy templates',
    ],
    isNew: false,
  },
  {
    slug: 'cloud',
    title: 'Cloud & DevOps',
    subtitle: 'Reliable infrastructure, automated deployments, predictable bills',
    description:
      'We move applications to the cloud, automate how they are built and deployed, and keep them running. Infrastructure is written as code, monitored around the clock and reviewed monthly for cost and security.',
    image: image('cloud'),
    features: [
      'Cloud migration and architecture',
      'Infrastructure as code',
      'CI/CD pipelines',
      'Containers and Kubernetes',
      '24/7 monitoring and alerting',
      'Backups and disaster recovery',
      'Monthly cost reviews',
    ],
    technologies: ['AWS', 'Azure', 'Google Cloud', 'Terraform', 'Kubernetes', 'Docker', 'GitHub Actions'],
    timeline: '3-8 weeks',
    teamSize: '2-3 specialists',
    pricing: '$1,500/month',
    startingPrice: { amount: 1500, currency: 'USD', per: 'month' },
    deliverables: [
      'Infrastructure code in your repository',
      'Automated deployment pipelines',
      'Monitoring dashboards and alerts',
      'Disaster recovery runbook',
      'Monthly operations report',
    ],
    isNew: false,
  },
  {
    slug: 'ui-ux',
    title: 'UI/UX Design',
    subtitle: 'Interfaces people understand at first glance',
    description:
      'Research, wireframes, prototypes and design systems, tested with real users before a line of code is written. Our designers work next to our engineers, so every screen we draw is one we know how to build.',
    image: image('ui-ux'),
    features: [
      'User research and interviews',
      'Information architecture',
      'Wireframes and interactive prototypes',
      'Visual design and branding',
      'Design systems and component libraries',
      'Usability testing',
      'Accessibility reviews',
    ],
    technologies: ['Figma', 'FigJam', 'Adobe Illustrator', 'Maze', 'Storybook'],
    timeline: '4-10 weeks',
    teamSize: '1-3 specialists',
    pricing: 'Starting at $2,000',
    startingPrice: { amount: 2000, currency: 'USD', per: 'project' },
    deliverables: [
      'Research findings and user personas',
      'Clickable prototype',
      'High-fidelity screens for every state',
      'Design system in Figma',
      'Developer hand-off notes',
    ],
    isNew: false,
  },
  {
    slug: 'erp-crm',
    title: 'ERP & CRM Systems',
    subtitle: 'One system for sales, operations, stock and finance',
    description:
      'We implement and tailor ERP and CRM systems around how your company works, migrate your data, connect your existing tools and train your staff. Custom modules are built where off-the-shelf software falls short.',
    image: image('erp-crm'),
    features: [
      'Sales pipeline and customer management',
      'Inventory and warehouse management',
      'Accounting and invoicing',
      'HR and payroll modules',
      'Custom modules and workflows',
      'Data migration from legacy systems',
      'Reporting dashboards',
    ],
    technologies: ['Odoo', 'Python', 'PostgreSQL', 'React', 'Docker', 'REST APIs'],
    timeline: '12-24 weeks',
    teamSize: '4-6 specialists',
    pricing: 'Starting at $8,000',
    startingPrice: { amount: 8000, currency: 'USD', per: 'project' },
    deliverables: [
      'Configured ERP/CRM with custom modules',
      'Migrated and verified data',
      'Integrations with your existing tools',
      'Role-based training sessions',
      'Administrator documentation',
      '90 days of post-launch support',
    ],
    isNew: false,
  },
  {
    slug: 'sms-otp',
    title: 'SMS OTP',
    subtitle: 'One-time passcodes by SMS for sign-in and payment confirmation',
    description:
      'Verify users and confirm transactions with one-time passcodes delivered by SMS across Egyptian networks. A simple API, delivery reports and rate limiting against abuse are included in every plan.',
    image: image('sms-otp'),
    features: [
      'REST API with client libraries',
      'Delivery reports per message',
      'Custom sender name',
      'Code expiry and retry limits',
      'Abuse and fraud rate limiting',
      'Usage dashboard',
    ],
    technologies: ['REST API', 'Webhooks', 'Node.js', 'Python', 'PHP'],
    timeline: '2-4 weeks',
    teamSize: '1-2 specialists',
    pricing: 'From 300 EGP/month',
    startingPrice: { amount: 300, currency: 'EGP', per: 'month' },
    deliverables: [
      'API keys and sender name registration',
      'Integration in your sign-in or checkout',
      'Usage dashboard access',
      'Integration guide',
    ],
    isNew: false,
    isOTP: true,
    otpType: 'sms',
    successRate: 95,
    otpExplainer: {
      title: 'What is SMS OTP?',
      text: 'An SMS one-time passcode is a short code sent by text message that a user types in to prove they hold the phone number on the account. It adds a second check to sign-ins, password resets and payments without any app to install.',
      steps: [
        'Your app asks our API to send a code to the user’s phone number.',
        'The user receives the code by SMS within seconds.',
        'The user types the code and your app checks it with our API.',
        'Codes expire quickly and cannot be used twice.',
      ],
    },
    pricingPlans: [
      {
        name: 'Basic',
        price: '300 EGP',
        amount: 300,
        currency: 'EGP',
        messages: '250 messages',
        messageCount: 250,
        duration: '1 month',
        features: ['250 OTP messages', 'Delivery reports', 'Email support'],
        bestFor: 'New apps and pilots',
      },
      {
        name: 'Standard',
        price: '500 EGP',
        amount: 500,
        currency: 'EGP',
        messages: '550 messages',
        messageCount: 550,
        duration: '1 month',
        features: ['550 OTP messages', 'Delivery reports', 'Custom sender name', 'Priority support'],
        popular: true,
        bestFor: 'Growing businesses',
      },
      {
        name: 'Pro',
        price: '800 EGP',
        amount: 800,
        currency: 'EGP',
        messages: '1100 messages',
        messageCount: 1100,
        duration: '1 month',
        features: [
          '1100 OTP messages',
          'Delivery reports',
          'Custom sender name',
          'Dedicated support channel',
        ],
        bestFor: 'High-volume sign-ins',
      },
    ],
  },
  {
    slug: 'whatsapp-otp',
    title: 'WhatsApp OTP',
    subtitle: 'Verification codes delivered where your customers already chat',
    description:
      'Send one-time passcodes through WhatsApp with your verified business name and logo. Messages arrive end-to-end encrypted, reach international numbers without SMS roaming costs and show clear delivery and read status.',
    image: image('whatsapp-otp'),
    features: [
      'Verified business sender',
      'End-to-end encrypted delivery',
      'International reach',
      'Delivery and read receipts',
      'Fallback to SMS on request',
      'Usage dashboard',
    ],
    technologies: ['WhatsApp Business Platform', 'REST API', 'Webhooks', 'Node.js', 'Python'],
    timeline: '2-4 weeks',
    teamSize: '1-2 specialists',
    pricing: 'From $60/month',
    startingPrice: { amount: 60, currency: 'USD', per: 'month' },
    deliverables: [
      'WhatsApp Business sender setup',
      'Approved OTP message template',
      'Integration in your sign-in or checkout',
      'Usage dashboard access',
      'Integration guide',
    ],
    isNew: false,
    isOTP: true,
    otpType: 'whatsapp',
    successRate: 98,
    otpExplainer: {
      title: 'What is WhatsApp OTP?',
      text: 'A WhatsApp one-time passcode is a verification code delivered as a WhatsApp message from your verified business account. Users see your name and logo, codes arrive encrypted, and delivery works over mobile data or Wi-Fi anywhere in the world.',
      steps: [
        'Your app asks our API to send a code to the user’s WhatsApp number.',
        'The code arrives in a message from your verified business profile.',
        'The user enters the code, or taps to copy it, and your app checks it.',
        'You see delivery and read status for every message.',
      ],
    },
    pricingPlans: [
      {
        name: 'Starter',
        price: '$60',
        amount: 60,
        currency: 'USD',
        messages: '500 messages',
        messageCount: 500,
        duration: 'per month',
        features: ['500 OTP messages', 'Verified sender', 'Email support'],
        bestFor: 'Small apps',
      },
      {
        name: 'Growth',
        price: '$100',
        amount: 100,
        currency: 'USD',
        messages: '1000 messages',
        messageCount: 1000,
        duration: 'per month',
        features: ['1000 OTP messages', 'Verified sender', 'Read receipts', 'Priority support'],
        popular: true,
        bestFor: 'Growing user bases',
      },
      {
        name: 'Business',
        price: '$250',
        amount: 250,
        currency: 'USD',
        messages: '3000 messages',
        messageCount: 3000,
        duration: 'per month',
        features: ['3000 OTP messages', 'Verified sender', 'Read receipts', 'SMS fallback'],
        bestFor: 'Established businesses',
      },
      {
        name: 'Enterprise',
        price: '$400',
        amount: 400,
        currency: 'USD',
        messages: '5000 messages',
        messageCount: 5000,
        duration: 'per month',
        features: [
          '5000 OTP messages',
          'Verified sender',
          'Read receipts',
          'SMS fallback',
          'Dedicated account manager',
        ],
        bestFor: 'High-volume platforms',
      },
    ],
  },
]

export function findService(slug: string): Service | undefined {
  return services.find((s) => s.slug === slug)
}

/** The ten services of /services (the OTP services appear only on their own detail pages). */
export const catalogueServices: Service[] = services.filter((s) => !s.isOTP)

/** The eight services shown on the home page; NEW marks AI and Digital Marketing there. */
export const HOME_SERVICE_SLUGS: ServiceSlug[] = [
  'web-development',
  'mobile-apps',
  'ai-solutions',
  'digital-marketing',
  'cybersecurity',
  'cloud',
  'ui-ux',
  'erp-crm',
]

/** Fixed figures of the service pages (spec 000 §9). */
export const CLIENT_RATING = '4.9/5'
export const PROJECTS_DELIVERED = '100+ Projects Delivered'

/** What the assistant is told on the home page (spec 000 §2 Home). */
export const HOME_ASSISTANT_CONTEXT =
  'Services start from $1,500; typical timelines are 2-24 weeks with teams of 1-6 specialists.'

/** How long a request notice stays on a service page before it clears (spec 000 §2). */
export const REQUEST_NOTICE_MS = { quote: 3000, otpPlan: 4000 } as const

// ---------------------------------------------------------------------------------------------------
// Company facts

/** Response promises (spec 000 §9); business hours live in site.ts. */
export const RESPONSE_PROMISES = [
  { key: 'general', label: 'General inquiries', time: '24 hours' },
  { key: 'quotes', label: 'Project quotes', time: '48 hours' },
  { key: 'urgent', label: 'Urgent requests', time: 'Same day' },
] as const

export const OFFICE_COUNTRIES = ['Egypt', 'UAE', 'Chicago'] as const

export interface OfficeLocation {
  title: string
  address: string
  phone: string
  email: string
  lat: number
  lng: number
}

/**
 * The offices the demo database starts with; staff can change them in the database. The first one is
 * the Egypt office, which is also the map's default location.
 */
export const SEED_OFFICES: OfficeLocation[] = [
  {
    title: 'Cairo Headquarters',
    address: 'Central Axis, Business District, 6th of October City, Giza, Egypt',
    phone: '+20 100 555 0142',
    email: 'egypt@cypher.example',
    lat: 29.9726,
    lng: 30.943,
  },
  {
    title: 'Dubai Office',
    address: 'Dubai Internet City, Building 3, Dubai, United Arab Emirates',
    phone: '+971 4 555 0187',
    email: 'uae@cypher.example',
    lat: 25.0772,
    lng: 55.1395,
  },
]

/** The office block's fixed map facts: the Egypt office near 6th of October City. */
export const DEFAULT_MAP_LOCATION = {
  lat: 29.9726,
  lng: 30.943,
  coordinates: '29.9726° N, 30.9430° E',
  plusCode: 'XWFV+25 6th of October City, Giza',
} as const

/** Google Maps URLs (documented "Maps URLs" API): one opens the place, one starts directions. */
export function mapsViewUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`
}
export function mapsDirectionsUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`
}

/** The home page's social block (spec 000 §2). */
export const SOCIAL_FIGURES = [
  { value: '10K+', label: 'Followers' },
  { value: '25K+', label: 'Likes' },
  { value: '5K+', label: 'Shares' },
  { value: '+150%', label: 'Growth' },
] as const

/** The clients page's impact figures (spec 000 §2). */
export const IMPACT_FIGURES = [
  { value: '75+', label: 'Projects' },
  { value: '60+', label: 'Clients' },
  { value: '20+', label: 'Countries' },
  { value: CLIENT_RATING, label: 'Client Rating' },
] as const

/** The about page's timeline (spec 000 §2). */
export const COMPANY_TIMELINE = [
  {
    year: 2020,
    title: 'Founded in Egypt',
    text: 'Started as a cybersecurity consultancy, testing and hardening systems for local businesses.',
  },
  {
    year: 2021,
    title: 'UAE office',
    text: 'Opened in Dubai to serve clients across the Gulf and added full product development.',
  },
  {
    year: 2023,
    title: 'Chicago office',
    text: 'Opened in Chicago to work in North American time zones with US clients.',
  },
  {
    year: 2024,
    title: '50+ client systems delivered',
    text: 'Passed fifty client systems in production, from mobile apps to ERP platforms.',
  },
] as const

export const COMPANY_VALUES = [
  {
    title: 'Security-First',
    text: 'Threat modelling, code review and testing are part of every project, not an afterthought.',
  },
  {
    title: 'Smart Tech Choices',
    text: 'We pick proven technology that fits your team and budget, not whatever is fashionable.',
  },
  {
    title: 'Business Focused',
    text: 'Software is measured by what it does for your business: revenue, savings and happier customers.',
  },
  {
    title: 'Design-Led Thinking',
    text: 'We start from the people who will use the product and design every screen around them.',
  },
] as const

/** The two founders shown as flip cards on /about; `image` is shipped in public/images/team. */
export const COMPANY_FOUNDERS = [
  {
    name: 'Karim Mansour',
    role: 'CEO',
    title: 'Co-founder & Chief Executive Officer',
    image: '/images/team/karim-mansour.svg',
    bio: 'A security consultant turned company builder, Karim leads strategy and client partnerships and still reviews the risk section of every proposal.',
    focus: ['Strategy', 'Client partnerships', 'Security governance'],
  },
  {
    name: 'Nadia Farouk',
    role: 'CTO',
    title: 'Co-founder & Chief Technology Officer',
    image: '/images/team/nadia-farouk.svg',
    bio: 'Nadia designs the architecture behind our platforms and runs the engineering practice across our three offices, with a soft spot for well-tested code.',
    focus: ['Architecture', 'Engineering practice', 'AI and cloud'],
  },
] as const
