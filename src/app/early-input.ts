/**
 * A prerendered form (sign-in, registration, a server-rendered list's search box) is inert until React has adopted it (useHydrated), so
 * nothing typed lands where hydration would disown it. A tap on one of its fields, and what the visitor
 * types after it, must not be lost meanwhile: while an inert part of the page waits, this remembers
 * where the last press landed and the keys pressed since, and once that part comes alive it does what
 * the visitor did: focuses the field under the press (or presses the button or link there), types the
 * keys into it the way React hears typing (Tab moves to the next field, Enter submits), and leaves the
 * caret there. Part of the tiny entry (src/main.tsx): no React here.
 */

type Field = HTMLInputElement | HTMLTextAreaElement

/** Where the press landed, in page coordinates (the visitor may scroll before the form comes alive). */
interface Pending {
  pageX: number
  pageY: number
  keys: string[]
}

const TEXT_TYPES = new Set(['text', 'email', 'password', 'search', 'tel', 'url', 'number', ''])

const isTextField = (element: Element | null): element is Field =>
  (element instanceof HTMLInputElement && TEXT_TYPES.has(element.type)) ||
  element instanceof HTMLTextAreaElement

/** Sets a field's value so React's onChange hears it: the element's own setter, then an input event. */
export function typeInto(field: Field, keys: readonly string[]) {
  let value = field.value
  for (const key of keys) {
    if (key === 'Backspace') value = value.slice(0, -1)
    else if (key.length === 1) value += key
  }
  if (value === field.value) return
  const prototype =
    field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value)
  field.dispatchEvent(new Event('input', { bubbles: true }))
}

/** The text fields of the field's form after it, in order. */
function nextField(field: Field): Field | null {
  const fields = [...(field.form?.elements ?? [])].filter(isTextField).filter((f) => !f.disabled)
  return fields[fields.indexOf(field) + 1] ?? null
}

const CONTROLS = 'input, textarea, button, a, label'

/**
 * The control a press on `hit` was meant for: the element itself or its control ancestor, else the one
 * control of the nearest box around it (a field's icon or padding), never a guess among several.
 */
function controlAt(hit: Element): Element | null {
  const direct = hit.closest(CONTROLS)
  if (direct) return direct
  for (let box: Element | null = hit; box && box !== document.body; box = box.parentElement) {
    const inside = box.querySelectorAll(CONTROLS)
    if (inside.length === 1) return inside[0] ?? null
    if (inside.length > 1 || box instanceof HTMLFormElement) return null
  }
  return null
}

/** Plays the remembered press and keys on the element now under the press. */
export function replay(pending: Pending) {
  const hit = document.elementFromPoint(pending.pageX - scrollX, pending.pageY - scrollY)
  const target = hit ? controlAt(hit) : null
  const control = target instanceof HTMLLabelElement ? target.control : target
  if (!isTextField(control)) {
    if (control instanceof HTMLElement) control.click()
    return
  }
  let field: Field | null = control
  let typed: string[] = []
  field.focus()
  for (const key of [...pending.keys, '']) {
    if (key === 'Tab' || key === 'Enter' || key === '') {
      typeInto(field, typed)
      typed = []
      if (key === 'Enter') {
        field.form?.requestSubmit()
        return
      }
      if (key === 'Tab') {
        field = nextField(field)
        if (!field) return
        field.focus()
      }
    } else typed.push(key)
  }
}

/**
 * Watches `container` while it holds an inert part: remembers presses and keys until every inert part
 * with a form has come alive, then replays them. Returns false when there is nothing to watch.
 */
export function holdEarlyInput(container: HTMLElement): boolean {
  const inertForms = () => [...container.querySelectorAll('form[inert]')]
  const waiting = () => inertForms().length > 0
  if (!waiting()) return false
  let pending: Pending | null = null
  const onPointerDown = (event: PointerEvent) => {
    if (!event.isPrimary) return
    // Only presses on an inert form: the rest of the page works without help.
    const onForm = inertForms().some((form) => {
      const box = form.getBoundingClientRect()
      return (
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom
      )
    })
    pending = onForm ? { pageX: event.clientX + scrollX, pageY: event.clientY + scrollY, keys: [] } : null
  }
  const onKeyDown = (event: KeyboardEvent) => {
    // Keys typed after a press on the inert form are meant for it; others (Tab through the header)
    // work as usual.
    if (!pending || event.metaKey || event.ctrlKey || event.altKey) return
    if (event.key.length !== 1 && !['Backspace', 'Tab', 'Enter'].includes(event.key)) return
    event.preventDefault()
    pending.keys.push(event.key)
  }
  addEventListener('pointerdown', onPointerDown, true)
  addEventListener('keydown', onKeyDown, true)
  const observer = new MutationObserver(() => {
    if (waiting()) return
    observer.disconnect()
    removeEventListener('pointerdown', onPointerDown, true)
    removeEventListener('keydown', onKeyDown, true)
    if (pending) replay(pending)
  })
  observer.observe(container, { attributes: true, attributeFilter: ['inert'], subtree: true })
  return true
}
