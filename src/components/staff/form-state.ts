import { useState } from 'react'
import { staffMessages } from '@/contract/staff'
import { ApiError } from '@/lib/api-client'

/**
 * Values, field errors and the failure message of a console form: a failed save shows the server's
 * field errors on their fields and keeps everything typed.
 */
export function useFormState<Values extends object>(initial: () => Values) {
  const [values, setValues] = useState<Values>(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors(({ [key as string]: _, ...rest }) => rest)
  }
  async function run(save: () => Promise<void>, required: Partial<Record<keyof Values, boolean>> = {}) {
    setFailure(null)
    const missing = Object.keys(required).filter((key) => {
      const value = values[key as keyof Values]
      return typeof value !== 'string' || value.trim() === ''
    })
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((key) => [key, 'This field is required.'])))
      return
    }
    try {
      await save()
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {}
      setErrors(Object.fromEntries(Object.entries(fields).map(([key, list]) => [key, list[0] ?? ''])))
      setFailure(error instanceof Error ? error.message : staffMessages.saveFailed)
    }
  }
  type Keys<T> = { [K in keyof Values]: Values[K] extends T ? K : never }[keyof Values]
  /** The props of a text input bound to a text value. */
  const field = (key: Keys<string>) => ({
    value: values[key] as string,
    onChange: (e: { currentTarget: { value: string } }) =>
      set(key, e.currentTarget.value as Values[typeof key]),
    error: errors[key as string],
  })
  /** The props of a text input bound to an optional value: blank is null. */
  const nullableField = (key: Keys<string | null>) => ({
    value: (values[key] as string | null) ?? '',
    onChange: (e: { currentTarget: { value: string } }) =>
      set(key, (e.currentTarget.value.trim() === '' ? null : e.currentTarget.value) as Values[typeof key]),
    error: errors[key as string],
  })
  return { values, set, errors, failure, run, field, nullableField }
}

/** `YYYY-MM-DDTHH:mm` in the browser's time zone, for a datetime-local field. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000)
  return local.toISOString().slice(0, 16)
}

/** A datetime-local value as an ISO instant (null when blank). */
export function fromLocalInput(value: string): string | null {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}
