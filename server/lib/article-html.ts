import sanitizeHtml from 'sanitize-html'

/**
 * The HTML an article body (or a job description) may contain. Everything else is dropped before it is
 * stored, so content from the seed, the content CLI or any future editor is safe to render; the browser
 * runs DOMPurify over it again before showing it.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'mark',
    'small',
    'sub',
    'sup',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
    code: ['class'],
  },
  allowedClasses: { code: [/^language-[a-z0-9-]+$/] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // An h1 belongs to the page title; article headings start at h2.
    h1: 'h2',
    a: (tagName, { target: _target, ...attribs }) => {
      // External links open in a new tab; the author does not choose other targets.
      const external = /^https?:\/\//i.test(attribs.href ?? '')
      return {
        tagName,
        attribs: {
          ...attribs,
          ...(external ? { target: '_blank' } : {}),
          // A linked page must not get a handle on ours (window.opener).
          rel: 'noopener noreferrer',
        },
      }
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
}

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, options).trim()
}
