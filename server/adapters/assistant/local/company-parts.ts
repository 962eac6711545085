import { jobPath } from '@/contract/careers'
import { CLIENT_RATING, COMPANY_FOUNDERS, COMPANY_TIMELINE, PROJECTS_DELIVERED } from '@/contract/company'
import { OFFICE_COUNTRIES } from '@/contract/offices'
import { site } from '@/contract/site'
import { significantWords } from '../knowledge/text'
import type { JobFact, Knowledge } from '../knowledge/types'
import { CONTACT, list, promise, START, type Part } from './parts'
import { isGenericJobWord } from './subjects'

export function jobPart(job: JobFact): Part {
  const where = [job.location, job.workFrom].filter(Boolean).join(', ')
  const salary = job.salaryRange ? ` Salary range: ${job.salaryRange}.` : ''
  return {
    text: `${job.title}: ${job.jobType}, ${job.experienceLevel}${where ? `, ${where}` : ''}.${salary} You can apply with your CV on its page.`,
    sources: [{ title: job.title, url: jobPath(job) }],
  }
}

export function jobsPart(matching: JobFact[], knowledge: Knowledge, question: string): Part {
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
  const asked = significantWords(question).filter((w) => !isGenericJobWord(w))
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

export function startPart(): Part {
  return {
    text: `Getting started is easy: fill in the three-step project brief on Start Your Project (Project Basics, Requirements, Contact & Submit). We review it within ${promise('general')}, send a proposal within ${promise('quotes')}, and then kick off. Prefer to talk first? Schedule a consultation through the Contact page.`,
    sources: [START, CONTACT],
  }
}

export function contactPart(): Part {
  return {
    text: `You can reach us at ${site.salesEmail}, by phone or WhatsApp on ${site.phone}, or through the form on the Contact page (${site.businessHours}). For help with an existing project, email ${site.supportEmail}.`,
    sources: [CONTACT],
  }
}

export function hoursPart(): Part {
  return {
    text: `Our business hours are ${site.businessHours}. Messages are answered within ${promise('general')}, and urgent requests the ${promise('urgent')}.`,
    sources: [CONTACT],
  }
}

export function responsePart(): Part {
  return {
    text: `We answer general inquiries within ${promise('general')}, project quotes within ${promise('quotes')} and urgent requests the ${promise('urgent')}.`,
    sources: [CONTACT],
  }
}

export function officesPart(knowledge: Knowledge): Part {
  const countries = `We have offices in ${list(OFFICE_COUNTRIES.map((c) => (c === 'UAE' ? 'the UAE' : c)))}.`
  const listed =
    knowledge.offices.length > 0
      ? ` ${knowledge.offices.map((o) => `${o.title}: ${o.address}${o.phone ? `, ${o.phone}` : ''}`).join('. ')}.`
      : ''
  return { text: `${countries}${listed}`, sources: [CONTACT, { title: 'About Us', url: '/about' }] }
}

export function aboutPart(): Part {
  const founding = COMPANY_TIMELINE.map((t) => `${t.year} ${t.title}`)
  return {
    text: `${site.name} was founded in ${site.founded} by ${list(COMPANY_FOUNDERS.map((f) => `${f.name} (${f.role})`))}. Milestones: ${founding.join('; ')}.`,
    sources: [{ title: 'About Us', url: '/about' }],
  }
}

export function ratingPart(): Part {
  return {
    text: `Our clients rate us ${CLIENT_RATING}, and we have ${PROJECTS_DELIVERED.toLowerCase()}.`,
    sources: [{ title: 'Clients', url: '/clients' }],
  }
}
