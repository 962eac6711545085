import { describe, expect, it } from 'vitest'
import { followUnsavedInput, hasUnsavedInput } from '../../../src/app/unsaved-input'

describe('unsaved input', () => {
  it('counts what the user typed until the form is sent or the text is cleared', () => {
    followUnsavedInput(document)
    document.body.innerHTML = '<form><textarea name="message"></textarea></form>'
    const form = document.querySelector('form') as HTMLFormElement
    const field = document.querySelector('textarea') as HTMLTextAreaElement
    expect(hasUnsavedInput()).toBe(false)
    field.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    field.value = 'Half-written'
    expect(hasUnsavedInput()).toBe(true)
    form.dispatchEvent(new Event('submit', { bubbles: true }))
    expect(hasUnsavedInput()).toBe(false)
    field.value = 'More'
    expect(hasUnsavedInput()).toBe(true)
    field.remove()
    expect(hasUnsavedInput()).toBe(false)
  })
})
