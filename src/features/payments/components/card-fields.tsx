import { Badge, Checkbox, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { IconCreditCard } from '@tabler/icons-react'
import {
  CARD_NUMBER_MAX_LENGTH,
  CVC_MAX_LENGTH,
  EXPIRY_MONTHS,
  expiryYears,
  formatCardNumber,
  formatCvc,
  guessCardBrand,
  type CardFormValues,
} from '../card-form'

interface CardFieldsProps {
  values: CardFormValues
  onChange: (values: CardFormValues) => void
  disabled?: boolean
  /** The label of the save-for-later box: 'Set as default card' in the wallet, 'Save this card' at checkout. */
  saveLabel: string
}

const monthOptions = EXPIRY_MONTHS.map((m) => ({ value: String(m), label: String(m).padStart(2, '0') }))

/** The new-card fields (spec 001 §3): number, cardholder, expiry month and year, CVC; no postal code. */
export function CardFields({ values, onChange, disabled, saveLabel }: CardFieldsProps) {
  const set = (patch: Partial<CardFormValues>) => onChange({ ...values, ...patch })
  const yearOptions = expiryYears().map((y) => ({ value: String(y), label: String(y) }))
  const brand = values.card_number ? guessCardBrand(values.card_number) : null
  return (
    <Stack gap="sm">
      <TextInput
        label="Card number"
        placeholder="1234 5678 9012 3456"
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={CARD_NUMBER_MAX_LENGTH}
        value={values.card_number}
        onChange={(event) => set({ card_number: formatCardNumber(event.currentTarget.value) })}
        leftSection={<IconCreditCard size={16} aria-hidden />}
        rightSectionWidth={96}
        rightSection={
          brand ? (
            <Badge variant="light" data-testid="card-brand">
              {brand}
            </Badge>
          ) : null
        }
        disabled={disabled}
        required
      />
      <TextInput
        label="Cardholder name"
        autoComplete="cc-name"
        value={values.cardholder_name}
        onChange={(event) => set({ cardholder_name: event.currentTarget.value })}
        disabled={disabled}
      />
      <SimpleGrid cols={3} spacing="sm">
        <Select
          label="Month"
          placeholder="MM"
          data={monthOptions}
          value={values.exp_month || null}
          onChange={(value) => set({ exp_month: value ?? '' })}
          autoComplete="cc-exp-month"
          disabled={disabled}
          required
          allowDeselect={false}
        />
        <Select
          label="Year"
          placeholder="YYYY"
          data={yearOptions}
          value={values.exp_year || null}
          onChange={(value) => set({ exp_year: value ?? '' })}
          autoComplete="cc-exp-year"
          disabled={disabled}
          required
          allowDeselect={false}
        />
        <TextInput
          label="CVC"
          placeholder="123"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={CVC_MAX_LENGTH}
          value={values.cvc}
          onChange={(event) => set({ cvc: formatCvc(event.currentTarget.value) })}
          disabled={disabled}
          required
        />
      </SimpleGrid>
      <Group>
        <Checkbox
          label={saveLabel}
          checked={values.is_default}
          onChange={(event) => set({ is_default: event.currentTarget.checked })}
          disabled={disabled}
        />
      </Group>
    </Stack>
  )
}
