import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import type { AssistantContext } from '@/contract/assistant'

/** What a page tells the assistant about itself; the title is only shown in the window, never sent. */
export type PageAssistantContext =
  | { kind: 'home' }
  | { kind: 'service'; slug: string; title: string }
  | { kind: 'project'; slug: string; title: string }

interface ContextStore {
  value: PageAssistantContext | null
  set: (value: PageAssistantContext) => void
  clear: (value: PageAssistantContext) => void
}

const AssistantPageContextStore = createContext<ContextStore | null>(null)

const keyOf = (value: PageAssistantContext | null) =>
  value === null ? '' : value.kind === 'home' ? 'home' : `${value.kind}:${value.slug}:${value.title}`

/** Holds the context of the page on screen for the floating assistant (mounted once, in the root route). */
export function AssistantContextProvider({ children }: { children: ReactNode }) {
  const [value, setValue] = useState<PageAssistantContext | null>(null)
  const set = useCallback(
    (next: PageAssistantContext) => setValue((current) => (keyOf(current) === keyOf(next) ? current : next)),
    [],
  )
  // Only the page that set the context clears it: the next page may already have set its own.
  const clear = useCallback(
    (previous: PageAssistantContext) =>
      setValue((current) => (keyOf(current) === keyOf(previous) ? null : current)),
    [],
  )
  const store = useMemo<ContextStore>(() => ({ value, set, clear }), [value, set, clear])
  return <AssistantPageContextStore.Provider value={store}>{children}</AssistantPageContextStore.Provider>
}

/** A route calls this to give the assistant its service, project or home context while it is shown. */
export function useAssistantPageContext(context: PageAssistantContext | null) {
  const store = useContext(AssistantPageContextStore)
  const set = store?.set
  const clear = store?.clear
  // Primitives as dependencies: a new object with the same content is the same context.
  const kind = context?.kind
  const slug = context && context.kind !== 'home' ? context.slug : ''
  const title = context && context.kind !== 'home' ? context.title : ''
  useEffect(() => {
    if (!kind || !set || !clear) return
    const value: PageAssistantContext = kind === 'home' ? { kind } : { kind, slug, title }
    set(value)
    return () => clear(value)
  }, [kind, slug, title, set, clear])
}

/** The same as the hook, for a route that prefers one line of JSX. */
export function AssistantPageContextSetter({ context }: { context: PageAssistantContext | null }) {
  useAssistantPageContext(context)
  return null
}

export function useCurrentAssistantContext(): PageAssistantContext | null {
  return useContext(AssistantPageContextStore)?.value ?? null
}

/** The part of the page context the server receives: identifiers only. */
export function toRequestContext(context: PageAssistantContext | null): AssistantContext | null {
  if (!context) return null
  return context.kind === 'home' ? { kind: 'home' } : { kind: context.kind, slug: context.slug }
}
