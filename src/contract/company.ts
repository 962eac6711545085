/**
 * The company's fixed facts (spec 000 §2, §9): response promises, figures, the timeline, values and
 * founders. The pages show them and the assistant answers from them; business hours live in site.ts.
 */

/** Fixed figures of the service and clients pages (spec 000 §9). */
export const CLIENT_RATING = '4.9/5'
export const PROJECTS_DELIVERED = '100+ Projects Delivered'

/** Response promises (spec 000 §9). */
export const RESPONSE_PROMISES = [
  { key: 'general', label: 'General inquiries', time: '24 hours' },
  { key: 'quotes', label: 'Project quotes', time: '48 hours' },
  { key: 'urgent', label: 'Urgent requests', time: 'Same day' },
] as const

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
