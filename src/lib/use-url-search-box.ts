import { useDebouncedCallback } from '@mantine/hooks'
import { useState } from 'react'

/** Typing passes `{ replace: true }`; a submit passes nothing after the search. */
type ApplySearch = (search: string | undefined, ...options: [] | [{ replace: true }]) => void

/**
 * The text of a search box whose applied search lives in the URL. Typing applies it after a pause
 * (replacing the history entry), `submit` applies it at once, and a search that changes in the URL
 * from outside (a link, back/forward) shows in the box.
 */
export function useUrlSearchBox(urlSearch: string | undefined, apply: ApplySearch) {
  const [text, setText] = useState(urlSearch ?? '')
  const applyLater = useDebouncedCallback((value: string) => {
    apply(value.trim() || undefined, { replace: true })
  }, 350)
  const [shownSearch, setShownSearch] = useState(urlSearch)
  if (urlSearch !== shownSearch) {
    setShownSearch(urlSearch)
    // Text still waiting to be applied is newer than the URL: keep it.
    if ((urlSearch ?? '') !== text.trim() && !applyLater.isPending()) setText(urlSearch ?? '')
  }

  return {
    text,
    change(value: string) {
      setText(value)
      applyLater(value)
    },
    submit() {
      applyLater.cancel()
      apply(text.trim() || undefined)
    },
    clear() {
      applyLater.cancel()
      setText('')
    },
  }
}
