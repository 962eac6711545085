import { useEffect } from 'react'
import { site } from '@/contract/site'

/** Sets the tab title for pages whose title comes from data (a project, a post). */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} | ${site.name}`
  }, [title])
}
