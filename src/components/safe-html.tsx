import { Typography } from '@mantine/core'
import DOMPurify from 'dompurify'
import { useMemo } from 'react'
import { apiFileUrl } from '@/lib/api-url'

// Links that open a new tab never get a handle on this page (window.opener).
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
    node.setAttribute('rel', 'noopener noreferrer')
  }
  // Images uploaded by staff are the API's files: on the desktop they live at the API's origin.
  const src = node.tagName === 'IMG' ? node.getAttribute('src') : null
  if (src) node.setAttribute('src', apiFileUrl(src))
})

/** The browser's own pass over HTML from the server (which sanitized it when storing it). */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    // The server opens external links in a new tab; the hook above makes that safe.
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  })
}

/** Article-style HTML (blog bodies, job descriptions), sanitized before it reaches the DOM. */
export function SafeHtml({ html, label }: { html: string; label?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html])
  return (
    <Typography>
      <div aria-label={label} dangerouslySetInnerHTML={{ __html: clean }} />
    </Typography>
  )
}
