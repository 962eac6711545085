type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

function isField(target: EventTarget | null): target is Field {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  )
}

/** Each field the user has entered, with its value from before their edits (or their last submit). */
const saved = new Map<Field, string>()

/** Starts following what the user types, so an update never reloads over unsaved input. */
export function followUnsavedInput(root: Document = document) {
  root.addEventListener('focusin', (event) => {
    if (isField(event.target) && !saved.has(event.target)) saved.set(event.target, event.target.value)
  })
  // A sent form is saved as it stands.
  root.addEventListener('submit', (event) => {
    for (const field of saved.keys()) {
      if (field.form === event.target) saved.set(field, field.value)
    }
  })
}

/** Whether a field on the page holds something the user typed and has not sent. */
export function hasUnsavedInput(): boolean {
  for (const [field, before] of saved) {
    if (!field.isConnected) saved.delete(field)
    else if (field.type !== 'search' && field.value !== before) return true
  }
  return false
}
