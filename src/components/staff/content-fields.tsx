import { NumberInput, Select } from '@mantine/core'

/** A display order: a whole number from 0 to 10,000, smaller first. */
export function PositionField({
  label = 'Position',
  description,
  value,
  onChange,
  error,
  fallback = 0,
  w,
}: {
  label?: string
  description: string
  value: number
  onChange: (value: number) => void
  error?: string | undefined
  /** What a cleared field means. */
  fallback?: number
  w?: number
}) {
  return (
    <NumberInput
      label={label}
      description={description}
      min={0}
      max={10_000}
      allowDecimal={false}
      value={value}
      onChange={(v) => onChange(typeof v === 'number' ? v : fallback)}
      error={error}
      w={w}
    />
  )
}

/** A choice of one record by id (a category, a profile), or none. */
export function RecordSelect({
  label,
  options,
  value,
  onChange,
  error,
}: {
  label: string
  options: readonly { id: number; name: string }[] | undefined
  value: number | null
  onChange: (value: number | null) => void
  error?: string | undefined
}) {
  return (
    <Select
      label={label}
      placeholder="None"
      data={(options ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      clearable
      error={error}
    />
  )
}
