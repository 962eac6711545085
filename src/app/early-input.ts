import { AWAITING_APP_ATTRIBUTE, SUBMIT_HELD_ATTRIBUTE } from '@/contract/page-data'

/**
 * A prerendered form (sign-in, registration, a server-rendered list's search box) works before the app
 * has started: its fields are in the page, reachable by Tab and by assistive technology, and take what
 * the visitor types, pastes or autofills. React does not take over what a field held before it adopted
 * the form: it keeps its own (empty) state and puts it back on the next render. So while a form carries
 * the awaiting-app mark (awaitingApp in src/components/use-hydrated.ts) this remembers what its fields
 * hold, and once the mark goes (React has adopted the form) hands it to React as typing, then submits
 * the form again if the visitor submitted it meanwhile (the page's head script holds that submission:
 * server/lib/app-shell.ts). Part of the tiny entry (src/main.tsx): no React here.
 */

type Field = HTMLInputElement | HTMLTextAreaElement

const isField = (element: unknown): element is Field =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement

const isCheckable = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')

/** Sets a field's value so React's onChange hears it, even when the field shows that value already. */
export function typeInto(field: Field, value: string) {
  // Through the element's own property first: React watches it to tell its own writes from the
  // visitor's, and the value attribute is React's value (it keeps the two in step).
  field.value = field.defaultValue
  const prototype =
    field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value)
  field.dispatchEvent(new Event('input', { bubbles: true }))
}

/** Hands a field's remembered content to React, if React holds something else. */
function handOver(field: Field, kept: string | boolean) {
  if (!field.isConnected || field.disabled) return
  if (typeof kept === 'boolean') {
    // React has just rendered the box as it sees it: a click makes it what the visitor left.
    if (isCheckable(field) && field.checked !== kept && (kept || field.type === 'checkbox')) field.click()
    return
  }
  if (kept !== field.defaultValue) typeInto(field, kept)
}

/** The submission the head script held while the form waited: the button that submitted it, or the form. */
function heldSubmission(): { form: HTMLFormElement; submitter: HTMLElement | null } | null {
  const held = window.__cypherEarlySubmit
  window.__cypherEarlySubmit = undefined
  if (held instanceof HTMLFormElement) return { form: held, submitter: null }
  const form = held && 'form' in held ? held.form : null
  return form instanceof HTMLFormElement ? { form, submitter: held ?? null } : null
}

/**
 * Watches `container` while it holds a form awaiting the app: remembers what its fields hold until
 * every such form has been adopted, then hands it to React. Returns false when there is nothing to watch.
 */
export function holdEarlyInput(container: HTMLElement): boolean {
  const awaiting = () => [...container.querySelectorAll<HTMLFormElement>(`form[${AWAITING_APP_ATTRIBUTE}]`)]
  if (awaiting().length === 0) return false
  const kept = new Map<Field, string | boolean>()
  const keep = (field: Field) => kept.set(field, isCheckable(field) ? field.checked : field.value)
  // What was typed before this ran (the entry arrives after the HTML): fields that differ from the page.
  for (const form of awaiting()) {
    for (const field of [...form.elements].filter(isField)) {
      const changed = isCheckable(field)
        ? field.checked !== field.defaultChecked
        : field.value !== field.defaultValue
      if (changed) keep(field)
    }
  }
  const onInput = (event: Event) => {
    const field = event.target
    if (isField(field) && field.form?.hasAttribute(AWAITING_APP_ATTRIBUTE)) keep(field)
  }
  addEventListener('input', onInput, true)
  addEventListener('change', onInput, true)
  const observer = new MutationObserver(() => {
    if (awaiting().length > 0) return
    observer.disconnect()
    removeEventListener('input', onInput, true)
    removeEventListener('change', onInput, true)
    document.documentElement.removeAttribute(SUBMIT_HELD_ATTRIBUTE)
    for (const [field, value] of kept) handOver(field, value)
    // React has rendered what was handed over (it does so at once for a controlled field's input
    // event), so its submit handler sees it.
    const submission = heldSubmission()
    if (!submission?.form.isConnected) return
    const { form, submitter } = submission
    if (submitter?.isConnected && submitter.closest('form') === form) form.requestSubmit(submitter)
    else form.requestSubmit()
  })
  observer.observe(container, {
    attributes: true,
    attributeFilter: [AWAITING_APP_ATTRIBUTE],
    subtree: true,
    childList: true,
  })
  return true
}
