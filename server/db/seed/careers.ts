import type { ExperienceLevel, JobType, WorkFrom } from '@/contract/careers'
import type { Executor } from '../client'
import { createJob } from '../../modules/careers/service'

/** Demo job openings, written for this product. */
export interface JobSeed {
  slug: string
  title: string
  category: string
  department: string
  location: string
  jobType: JobType
  workFrom: WorkFrom
  experienceLevel: ExperienceLevel
  description: string
  jobDescription?: string
  requirements: string[]
  responsibilities: string[]
  benefits: string[]
  /** Some openings list skills, others give one comma-separated string: both readings exist. */
  skills: string[] | string
  salaryRange: string
  featured?: boolean
  inactive?: boolean
  /** Days from seeding until the deadline; none means open until filled. */
  deadlineInDays?: number
  daysAgo: number
  applications: number
}

const standardBenefits = [
  'Health insurance for you and your family',
  'Flexible working hours and hybrid work',
  'Annual learning budget for courses, books and conferences',
  'Latest laptop and the tools you ask for',
]

export const jobsSeed: JobSeed[] = [
  {
    slug: 'senior-full-stack-engineer',
    title: 'Senior Full-Stack Engineer',
    category: 'Engineering',
    department: 'Engineering',
    location: 'Cairo, Egypt',
    jobType: 'full-time',
    workFrom: 'hybrid',
    experienceLevel: 'senior',
    description:
      'Lead the design and delivery of client platforms built with TypeScript, React and Node.js, from the first architecture sketch to production.',
    jobDescription:
      '<p>You will own features end to end: API design, database schema, user interface and the tests that prove they work. You will pair with designers and clients and mentor two to three engineers.</p><p>Our stack: TypeScript, React, Fastify, PostgreSQL, Docker and a major cloud provider.</p>',
    requirements: [
      '5+ years building production web applications',
      'Strong TypeScript, React and Node.js',
      'Solid SQL and relational data modelling',
      'Experience with automated testing and CI',
      'Fluent written and spoken English',
    ],
    responsibilities: [
      'Design and build features across the stack',
      'Review code and mentor engineers',
      'Estimate work and explain trade-offs to clients',
      'Improve our shared libraries and practices',
    ],
    benefits: [...standardBenefits, 'Yearly performance bonus'],
    skills: ['TypeScript', 'React', 'Node.js', 'PostgreSQL', 'Docker'],
    salaryRange: 'EGP 90,000 - 130,000 / month',
    featured: true,
    deadlineInDays: 45,
    daysAgo: 4,
    applications: 23,
  },
  {
    slug: 'mobile-developer-flutter',
    title: 'Mobile Developer (Flutter)',
    category: 'Engineering',
    department: 'Engineering',
    location: 'Dubai, UAE',
    jobType: 'full-time',
    workFrom: 'onsite',
    experienceLevel: 'mid',
    description:
      'Build cross-platform mobile apps for retail, logistics and healthcare clients, with offline support and smooth performance on mid-range phones.',
    requirements: [
      '3+ years of mobile development, 2+ with Flutter',
      'Published apps on the App Store and Google Play',
      'State management and offline storage experience',
      'Comfort with REST APIs and push notifications',
    ],
    responsibilities: [
      'Implement features from designs to store release',
      'Write widget and integration tests',
      'Profile and fix performance issues',
      'Work with backend engineers on API contracts',
    ],
    benefits: [...standardBenefits, 'Relocation support to Dubai'],
    skills: 'Flutter, Dart, Firebase, REST APIs, CI/CD',
    salaryRange: 'AED 14,000 - 20,000 / month',
    featured: true,
    deadlineInDays: 30,
    daysAgo: 7,
    applications: 17,
  },
  {
    slug: 'security-analyst',
    title: 'Security Analyst',
    category: 'Security',
    department: 'Security',
    location: 'Cairo, Egypt',
    jobType: 'full-time',
    workFrom: 'hybrid',
    experienceLevel: 'mid',
    description:
      'Run web and mobile penetration tests for our clients, write clear findings and help development teams fix what you find.',
    requirements: [
      '2+ years in application security or penetration testing',
      'Hands-on with Burp Suite and the OWASP Testing Guide',
      'Able to read code in at least one of JavaScript, Python or Java',
      'OSCP, eWPT or similar certification is a plus',
    ],
    responsibilities: [
      'Scope and perform security assessments',
      'Write reports ranked by risk with reproduction steps',
      'Retest fixes and advise developers',
      'Contribute to our internal tooling and checklists',
    ],
    benefits: [...standardBenefits, 'Paid certification exams'],
    skills: ['Penetration Testing', 'Burp Suite', 'OWASP', 'Python', 'Linux'],
    salaryRange: 'EGP 60,000 - 85,000 / month',
    deadlineInDays: 60,
    daysAgo: 10,
    applications: 31,
  },
  {
    slug: 'machine-learning-engineer',
    title: 'Machine Learning Engineer',
    category: 'Data & AI',
    department: 'Data & AI',
    location: 'Remote',
    jobType: 'full-time',
    workFrom: 'remote',
    experienceLevel: 'senior',
    description:
      'Ship AI features that clients rely on: retrieval-augmented assistants, document understanding and forecasting, with evaluation built in.',
    requirements: [
      '4+ years of applied machine learning in production',
      'Strong Python and experience with PyTorch or similar',
      'Experience evaluating LLM-based systems',
      'Good judgement about when a simple model is enough',
    ],
    responsibilities: [
      'Design, train and deploy models and LLM pipelines',
      'Build evaluation sets and monitor quality',
      'Explain results to clients in plain language',
      'Keep personal data out of training and logs',
    ],
    benefits: ['Fully remote with quarterly team meet-ups', ...standardBenefits.slice(0, 3)],
    skills: 'Python, PyTorch, LLMs, Vector Search, MLOps',
    salaryRange: '$70,000 - $95,000 / year',
    featured: true,
    daysAgo: 12,
    applications: 42,
  },
  {
    slug: 'devops-engineer',
    title: 'DevOps Engineer',
    category: 'Engineering',
    department: 'Cloud & DevOps',
    location: 'Chicago, USA',
    jobType: 'full-time',
    workFrom: 'hybrid',
    experienceLevel: 'mid',
    description:
      "Build and run the pipelines, clusters and monitoring behind our clients' platforms, with infrastructure as code from day one.",
    requirements: [
      '3+ years operating production systems in the cloud',
      'Terraform or similar infrastructure-as-code tools',
      'Containers and at least one orchestrator',
      'Monitoring, alerting and incident response experience',
    ],
    responsibilities: [
      'Automate environments and deployments',
      'Improve reliability, cost and security of client infrastructure',
      'Take part in a fair, paid on-call rotation',
      'Document runbooks and share knowledge',
    ],
    benefits: ['401(k) matching', ...standardBenefits],
    skills: ['AWS', 'Terraform', 'Kubernetes', 'GitHub Actions', 'Prometheus'],
    salaryRange: '$105,000 - $135,000 / year',
    deadlineInDays: 40,
    daysAgo: 15,
    applications: 12,
  },
  {
    slug: 'ui-ux-designer',
    title: 'UI/UX Designer',
    category: 'Design',
    department: 'Design',
    location: 'Dubai, UAE',
    jobType: 'full-time',
    workFrom: 'hybrid',
    experienceLevel: 'mid',
    description:
      'Design web and mobile products from research to polished interfaces, and keep our design system healthy.',
    requirements: [
      'A portfolio showing research, flows and final UI',
      '3+ years designing digital products',
      'Figma expertise and a working knowledge of HTML and CSS',
      'Experience designing for Arabic and English (RTL and LTR)',
    ],
    responsibilities: [
      'Run interviews and usability tests',
      'Create flows, wireframes and high-fidelity designs',
      'Maintain design tokens and components with developers',
      'Present and defend design decisions to clients',
    ],
    benefits: standardBenefits,
    skills: 'Figma, User Research, Prototyping, Design Systems, Accessibility',
    salaryRange: 'AED 12,000 - 17,000 / month',
    daysAgo: 18,
    applications: 27,
  },
  {
    slug: 'digital-marketing-specialist',
    title: 'Digital Marketing Specialist',
    category: 'Marketing',
    department: 'Marketing',
    location: 'Cairo, Egypt',
    jobType: 'part-time',
    workFrom: 'remote',
    experienceLevel: 'entry',
    description:
      'Plan and run campaigns for our own brand and for clients across search, social and e-mail, and report on what worked.',
    requirements: [
      '1+ year running paid or organic campaigns',
      'Google Ads and Meta Ads Manager basics',
      'Clear writing in English; Arabic is a plus',
      'Comfort with spreadsheets and analytics dashboards',
    ],
    responsibilities: [
      'Set up and optimise campaigns',
      'Write ad copy and newsletters',
      'Produce weekly performance reports',
    ],
    benefits: ['Flexible 20-hour week', 'Learning budget', 'Path to a full-time role'],
    skills: ['Google Ads', 'Meta Ads', 'SEO', 'Email Marketing', 'Analytics'],
    salaryRange: 'EGP 15,000 - 22,000 / month',
    deadlineInDays: 21,
    daysAgo: 20,
    applications: 38,
  },
  {
    slug: 'qa-automation-engineer-contract',
    title: 'QA Automation Engineer',
    category: 'Engineering',
    department: 'Quality Assurance',
    location: '6th of October City, Egypt',
    jobType: 'contract',
    workFrom: 'onsite',
    experienceLevel: 'mid',
    description:
      'A six-month contract to build end-to-end and API test suites for a fintech client, and coach their team to maintain them.',
    requirements: [
      '3+ years of test automation',
      'Playwright or Cypress, and API testing tools',
      'Experience testing payment or banking flows is a plus',
    ],
    responsibilities: [
      'Design the test strategy with the client team',
      'Automate critical user journeys and API contracts',
      'Run tests in CI and report flaky ones',
    ],
    benefits: ['Competitive daily rate', 'Possible extension or permanent role'],
    skills: 'Playwright, TypeScript, API Testing, CI/CD',
    salaryRange: 'EGP 3,500 - 4,500 / day',
    deadlineInDays: 14,
    daysAgo: 22,
    applications: 9,
  },
  {
    slug: 'software-engineering-intern',
    title: 'Software Engineering Intern',
    category: 'Engineering',
    department: 'Engineering',
    location: 'Cairo, Egypt',
    jobType: 'internship',
    workFrom: 'onsite',
    experienceLevel: 'entry',
    description:
      'A three-month paid internship on a real client project, with a mentor, code reviews and a demo day at the end.',
    requirements: [
      'Final-year student or recent graduate in computer science or similar',
      'Projects that show you can build something end to end',
      'Curiosity and willingness to ask questions',
    ],
    responsibilities: [
      'Build small features with guidance',
      'Write tests and documentation',
      'Present your work at demo day',
    ],
    benefits: ['Paid internship', 'Dedicated mentor', 'Chance of a full-time offer'],
    skills: ['JavaScript', 'Git', 'SQL'],
    salaryRange: 'EGP 10,000 / month',
    deadlineInDays: 30,
    daysAgo: 25,
    applications: 64,
  },
  {
    slug: 'ai-research-intern',
    title: 'AI Research Intern',
    category: 'Data & AI',
    department: 'Data & AI',
    location: 'Remote',
    jobType: 'internship',
    workFrom: 'remote',
    experienceLevel: 'entry',
    description:
      'Work with our ML team on Arabic language understanding and evaluation methods for assistants, and publish what you learn on our blog.',
    requirements: [
      'Studying machine learning, NLP or a related field',
      'Good Python and experience with notebooks',
      'Arabic reading skills',
    ],
    responsibilities: [
      'Run experiments and document results',
      'Help build evaluation datasets',
      'Write one blog article about your project',
    ],
    benefits: ['Paid internship', 'Remote with flexible hours', 'Mentorship from senior ML engineers'],
    skills: 'Python, NLP, Hugging Face, Evaluation',
    salaryRange: '$800 / month',
    daysAgo: 28,
    applications: 21,
  },
  {
    slug: 'engineering-lead',
    title: 'Engineering Lead',
    category: 'Engineering',
    department: 'Engineering',
    location: 'Dubai, UAE',
    jobType: 'full-time',
    workFrom: 'hybrid',
    experienceLevel: 'lead',
    description:
      'Lead a team of eight engineers delivering several client projects at once, owning technical quality, delivery and growth of the team.',
    requirements: [
      '8+ years in software engineering, 2+ leading teams',
      'Hands-on architecture experience with web and mobile systems',
      'Track record of delivering fixed-scope client projects',
      'Excellent communication with clients and executives',
    ],
    responsibilities: [
      'Plan and track delivery across projects',
      'Set technical direction and review architecture',
      'Hire, coach and grow engineers',
      'Be the senior technical contact for key clients',
    ],
    benefits: [...standardBenefits, 'Profit sharing', 'Annual flight home'],
    skills: ['Leadership', 'Architecture', 'TypeScript', 'Cloud', 'Agile Delivery'],
    salaryRange: 'AED 30,000 - 40,000 / month',
    featured: true,
    deadlineInDays: 50,
    daysAgo: 30,
    applications: 8,
  },
  {
    slug: 'technical-writer-contract',
    title: 'Technical Writer',
    category: 'Operations',
    department: 'Operations',
    location: 'Remote',
    jobType: 'contract',
    workFrom: 'remote',
    experienceLevel: 'mid',
    description:
      'Write API references, user guides and runbooks for client platforms, working closely with engineers and product owners.',
    requirements: [
      'A portfolio of technical documentation',
      'Able to read code and OpenAPI documents',
      'Excellent English; Arabic is a plus',
    ],
    responsibilities: [
      'Write and maintain developer and user documentation',
      'Interview engineers to capture how systems work',
      'Set up documentation templates and style guides',
    ],
    benefits: ['Flexible hours', 'Remote work', 'Long-term collaboration'],
    skills: 'Technical Writing, Markdown, OpenAPI, Git',
    salaryRange: '$35 - $50 / hour',
    daysAgo: 34,
    applications: 6,
  },
  {
    slug: 'sales-development-representative',
    title: 'Sales Development Representative',
    category: 'Sales',
    department: 'Sales',
    location: 'Chicago, USA',
    jobType: 'part-time',
    workFrom: 'hybrid',
    experienceLevel: 'entry',
    description: '',
    requirements: [
      'Excellent spoken and written English',
      'Interest in technology and software services',
      'Organised and comfortable with a CRM',
    ],
    responsibilities: [
      'Research and contact potential clients',
      'Qualify leads and book discovery calls',
      'Keep the CRM accurate',
    ],
    benefits: ['Commission on closed deals', 'Flexible schedule', 'Sales training'],
    skills: ['CRM', 'Communication', 'Lead Generation'],
    salaryRange: '$25 - $30 / hour + commission',
    deadlineInDays: 35,
    daysAgo: 38,
    applications: 14,
  },
  {
    slug: 'project-manager-filled',
    title: 'Project Manager',
    category: 'Operations',
    department: 'Operations',
    location: 'Cairo, Egypt',
    jobType: 'full-time',
    workFrom: 'onsite',
    experienceLevel: 'senior',
    description: 'Run delivery for client projects from kickoff to handover. This position has been filled.',
    requirements: ['5+ years managing software projects', 'Scrum or PMP certification'],
    responsibilities: ['Plan sprints and releases', 'Report status to clients'],
    benefits: standardBenefits,
    skills: ['Scrum', 'Jira', 'Stakeholder Management'],
    salaryRange: 'EGP 70,000 - 95,000 / month',
    inactive: true,
    daysAgo: 90,
    applications: 57,
  },
]

const DAY = 24 * 60 * 60 * 1000

export async function seedCareers(db: Executor) {
  const now = Date.now()
  // Oldest first, so ids follow posting order.
  for (const job of [...jobsSeed].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const posted = new Date(now - job.daysAgo * DAY)
    await createJob(db, {
      slug: job.slug,
      title: job.title,
      category: job.category,
      department: job.department,
      location: job.location,
      jobType: job.jobType,
      workFrom: job.workFrom,
      experienceLevel: job.experienceLevel,
      description: job.description,
      jobDescription: job.jobDescription ?? '',
      requirements: job.requirements.join('\n'),
      responsibilities: job.responsibilities.join('\n'),
      benefits: job.benefits.join('\n'),
      skills: job.skills,
      salaryRange: job.salaryRange,
      isActive: !job.inactive,
      isFeatured: job.featured ?? false,
      applicationDeadline:
        job.deadlineInDays === undefined
          ? null
          : new Date(now + job.deadlineInDays * DAY).toISOString().slice(0, 10),
      applicationsCount: job.applications,
      createdAt: posted,
      updatedAt: posted,
    })
  }
}
