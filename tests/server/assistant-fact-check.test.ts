import { describe, expect, it } from 'vitest'
import { findService, type Service } from '../../src/contract/services'
import { buildKnowledge } from '../../server/adapters/assistant/knowledge/build'
import { checkFigures, figuresIn } from '../../server/adapters/assistant/model/fact-check'

const knowledge = buildKnowledge({
  projects: [],
  jobs: [
    {
      id: 1,
      slug: 'devops-engineer',
      title: 'DevOps Engineer',
      department: 'Engineering',
      location: 'Chicago',
      jobType: 'Full Time',
      workFrom: 'Hybrid',
      experienceLevel: 'Senior',
      salaryRange: '$105,000 - $135,000 / year',
      skills: [],
      description: '',
    },
  ],
  offices: [],
})

function service(slug: string): Service {
  const found = findService(slug)
  if (!found) throw new Error(`no service ${slug}`)
  return found
}

const unsupported = (reply: string, question = 'How much is it?', services: Service[] = []) =>
  checkFigures(reply, knowledge, { text: question, services }).unsupported.map((f) => f.text)

describe('figures in a reply', () => {
  it.each([
    ['$2,500', { amount: 2500, currency: 'USD' }],
    ['$2.5k', { amount: 2500, currency: 'USD' }],
    ['USD 2,500', { amount: 2500, currency: 'USD' }],
    ['2500 dollars', { amount: 2500, currency: 'USD' }],
    ['300 EGP', { amount: 300, currency: 'EGP' }],
    ['EGP 300', { amount: 300, currency: 'EGP' }],
    ['$150/hour', { amount: 150, per: 'hour' }],
    ['$150 an hour', { amount: 150, per: 'hour' }],
    ['$1,500 per month', { amount: 1500, per: 'month' }],
    ['$1,500 monthly', { amount: 1500, per: 'month' }],
  ])('reads the price %s', (text, expected) => {
    expect(figuresIn(`It costs ${text}.`)).toEqual([expect.objectContaining({ kind: 'money', ...expected })])
  })

  it('reads both ends of a price range', () => {
    expect(figuresIn('from $2,500-5,000').map((f) => f.kind === 'money' && f.amount)).toEqual([2500, 5000])
  })

  it.each([
    ['8-12 weeks', 8, 12, 'week'],
    ['8 to 12 weeks', 8, 12, 'week'],
    ['between 8 and 12 weeks', 8, 12, 'week'],
    ['two weeks', 2, 2, 'week'],
    ['48h', 48, 48, 'hour'],
    ['3 months', 3, 3, 'month'],
  ])('reads the duration %s', (text, low, high, unit) => {
    expect(figuresIn(`It takes ${text}.`)).toEqual([
      expect.objectContaining({ kind: 'duration', low, high, unit }),
    ])
  })

  it('leaves business hours, percentages, counts and years alone', () => {
    expect(
      figuresIn('Open Mon-Fri 9:00-18:00, 98% delivered, 1000 messages, 1-6 specialists, since 2020.'),
    ).toEqual([])
  })
})

describe("checking a model's figures against the catalogue", () => {
  it('accepts the figures of the service a sentence names', () => {
    expect(unsupported('Mobile Apps start at $5,000 and take 8-12 weeks.')).toEqual([])
    expect(unsupported('Technical Consultation costs $150/hour.')).toEqual([])
    expect(unsupported('The WhatsApp OTP Growth plan is $100 per month.')).toEqual([])
  })

  it("rejects another service's price for the one named", () => {
    expect(unsupported('Mobile Apps start at $2,500.')).toEqual(['$2,500'])
  })

  it('rejects a known amount in another unit', () => {
    expect(unsupported('Technical Consultation costs $150 per month.')).toEqual(['$150 per month'])
  })

  it("holds a sentence that names no service to the one before it, then to the question's subject", () => {
    expect(unsupported('Web Development starts at $2,500. It takes 4-8 weeks.')).toEqual([])
    expect(unsupported('Web Development starts at $2,500. It takes 8-12 weeks.')).toEqual(['8-12 weeks'])
    expect(unsupported('It starts at $2,500.', 'How much is it?', [service('mobile-apps')])).toEqual([
      '$2,500',
    ])
    expect(unsupported('It starts at $5,000.', 'How much is it?', [service('mobile-apps')])).toEqual([])
  })

  it('accepts any catalogue figure in a sentence about no service in particular', () => {
    expect(unsupported('Our services start from $1,500, with timelines of 2-24 weeks.')).toEqual([])
    expect(unsupported('Most projects cost about $50,000.')).toEqual(['$50,000'])
  })

  it('accepts the response promises and the FAQ anywhere', () => {
    const reply = 'Mobile Apps start at $5,000; send a brief and you get a quote within 48 hours.'
    expect(unsupported(reply)).toEqual([])
    expect(unsupported('Mobile Apps come with 60 days of post-launch support.')).toEqual([])
  })

  it('accepts salaries only where openings are the subject', () => {
    const salary = 'The DevOps Engineer position pays $105,000 - $135,000 a year.'
    expect(unsupported(salary, 'What does the DevOps job pay?')).toEqual([])
    expect(unsupported('Cloud & DevOps costs $105,000.', 'How much is DevOps?')).toEqual(['$105,000'])
  })
})
