import type { AssistantChatResponse, AssistantContext, ChatTurn } from '@/contract/assistant'
import { findService } from '@/contract/services'
import type { Assistant } from '../../adapters/assistant'
import { buildKnowledge } from '../../adapters/assistant/knowledge/build'
import type { Knowledge, KnowledgeContext } from '../../adapters/assistant/knowledge/types'
import type { Executor } from '../../db/client'
import { readSiteContent } from './repository'
import { decodePathSegment } from '../../lib/page-path'

/** Content edits (a new project, a closed job) reach the assistant within this time on every instance. */
export const KNOWLEDGE_TTL_MS = 60_000

export interface ChatInput {
  message: string
  history: ChatTurn[]
  page?: string | undefined
  context?: AssistantContext | null | undefined
}

/** Answers chat questions from a cached index of the site's content, rebuilt when it gets old. */
export class AssistantService {
  private cached: { knowledge: Promise<Knowledge>; loadedAt: number } | undefined

  constructor(
    private readonly db: Executor,
    private readonly assistant: Assistant,
    private readonly now: () => number = Date.now,
  ) {}

  knowledge(): Promise<Knowledge> {
    const now = this.now()
    if (!this.cached || now - this.cached.loadedAt > KNOWLEDGE_TTL_MS) {
      const knowledge = readSiteContent(this.db).then(buildKnowledge)
      this.cached = { knowledge, loadedAt: now }
      // A failed load is not kept: the next question tries again.
      knowledge.catch(() => {
        if (this.cached?.knowledge === knowledge) this.cached = undefined
      })
    }
    return this.cached.knowledge
  }

  /** Staff changed the content: the next question reads it again. */
  forget() {
    this.cached = undefined
  }

  async chat(input: ChatInput): Promise<AssistantChatResponse> {
    const knowledge = await this.knowledge()
    return this.assistant.answer({
      question: input.message,
      history: input.history,
      context: resolveContext(knowledge, input.context ?? contextOfPage(input.page)),
      knowledge,
    })
  }
}

/** Without an explicit context, the page's path names it: /, /services/{slug} or /projects/{slug}. */
export function contextOfPage(page: string | undefined): AssistantContext | null {
  if (page === '/') return { kind: 'home' }
  const match = /^\/(services|projects)\/([^/?#]+)\/?$/.exec(page ?? '')
  if (!match?.[2]) return null
  const slug = decodePathSegment(match[2])
  if (slug === null) return null
  return match[1] === 'services' ? { kind: 'service', slug } : { kind: 'project', slug }
}

/** The page context named by the browser, looked up in our own content; unknown names are ignored. */
export function resolveContext(
  knowledge: Knowledge,
  context: AssistantContext | null | undefined,
): KnowledgeContext | null {
  if (!context) return null
  if (context.kind === 'home') return { kind: 'home' }
  const wanted = context.slug.toLowerCase()
  if (context.kind === 'service') {
    const service = findService(wanted)
    return service ? { kind: 'service', service } : null
  }
  const project = knowledge.projects.find(
    (p) => p.slug.toLowerCase() === wanted || p.aliases.some((a) => a.toLowerCase() === wanted),
  )
  return project ? { kind: 'project', project } : null
}
