import { Group, Select, TextInput } from '@mantine/core'
import { useMemo } from 'react'
import { dialCountries } from '../dial-codes'

interface PhoneFieldProps {
  country: string
  number: string
  onCountryChange: (code: string) => void
  onNumberChange: (number: string) => void
  disabled?: boolean
  error?: boolean
}

/** A country calling code (Egypt by default) and the number; a number typed with '+' keeps its own code. */
export function PhoneField({
  country,
  number,
  onCountryChange,
  onNumberChange,
  disabled,
  error,
}: PhoneFieldProps) {
  const options = useMemo(
    () => dialCountries().map((c) => ({ value: c.code, label: `${c.name} (+${c.dial})` })),
    [],
  )
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Country code"
        data={options}
        value={country}
        onChange={(value) => value && onCountryChange(value)}
        searchable
        allowDeselect={false}
        nothingFoundMessage="No country found"
        disabled={disabled}
        style={{ flex: '1 1 200px' }}
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        label="Phone number"
        type="tel"
        autoComplete="tel-national"
        placeholder="100 123 4567"
        value={number}
        onChange={(e) => onNumberChange(e.currentTarget.value)}
        disabled={disabled}
        error={error}
        style={{ flex: '2 1 200px' }}
      />
    </Group>
  )
}
