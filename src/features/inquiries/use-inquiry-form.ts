import { useState } from 'react'
import type { FormProblem } from '@/contract/inquiries'
import { toast } from '@/components/toast'

/** The fields of `Values` that hold free text (a select's union of choices is set on its own). */
type TextField<Values> = {
  [K in keyof Values]: string extends Values[K] ? (Values[K] extends string ? K : never) : never
}[keyof Values]

/**
 * The state of an inquiry form (contact, franchise, project brief): its values, the fields a check
 * marked, and the spec's toasts around checking and sending (spec 000 §8).
 */
export function useInquiryForm<Values>(initial: Values, busy: boolean) {
  const [values, setValues] = useState<Values>(initial)
  const [invalid, setInvalid] = useState<string[]>([])

  // Text inputs hand in strings for fields TypeScript only knows by key, hence the loose setter.
  function assign(field: keyof Values, value: unknown) {
    setValues((v) => ({ ...v, [field]: value }))
    setInvalid((fields) => fields.filter((f) => f !== field))
  }

  return {
    values,
    setValues,
    invalid,
    set<K extends keyof Values>(field: K, value: Values[K]) {
      assign(field, value)
    },
    /** Value, change handler, error mark and busy state of a text input. */
    text(field: TextField<Values>) {
      return {
        value: values[field],
        onChange: (e: { currentTarget: { value: string } }) => assign(field, e.currentTarget.value),
        error: invalid.includes(String(field)),
        disabled: busy,
      }
    },
    /** Marks the fields a check found wanting and says why; true when the check found nothing. */
    accept(problem: FormProblem | null): boolean {
      if (!problem) return true
      setInvalid(problem.fields)
      toast.error(problem.message)
      return false
    },
    /** Sends the form and says how it went for 5 s; `onSent` runs after the success toast. */
    async send(
      request: () => Promise<unknown>,
      sentText: string,
      failureText: (error: unknown) => string,
      onSent: () => void,
    ) {
      try {
        await request()
        toast.success(sentText, 5000)
        onSent()
      } catch (error) {
        toast.error(failureText(error), 5000)
      }
    },
  }
}
