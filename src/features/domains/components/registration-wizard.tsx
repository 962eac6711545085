import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Container,
  Divider,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { allCountries } from '@/contract/countries'
import {
  DEFAULT_COUNTRY,
  domainMessages,
  domainPrice,
  FALLBACK_PRICE,
  MAX_NAMESERVERS,
  MAX_YEARS,
  MIN_YEARS,
  WHOIS_PRIVACY_PRICE,
  type DomainOrder,
} from '@/contract/domains'
import { ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { useOnline } from '@/components/use-online'
import { useMe } from '@/lib/account'
import { ApiError } from '@/lib/api-client'
import { formatUsd } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useAvailability } from '../api/check-availability'
import { useDomain } from '../api/get-domain'
import { useRegisterDomain } from '../api/register-domain'
import { useRenewDomain } from '../api/renew-domain'

/** Delay between a created order and the Payment step (spec 002 §4). */
export const ORDER_STEP_DELAY_MS = 2000

export type WizardMode = { kind: 'register'; domainName: string } | { kind: 'renew'; domainId: number }

interface ContactForm {
  first_name: string
  last_name: string
  email: string
  phone: string
  address1: string
  city: string
  state: string
  zip: string
  country: string
  organization: string
}

const REQUIRED_CONTACT: (keyof ContactForm)[] = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'address1',
  'city',
  'state',
  'zip',
  'country',
]

export function contactComplete(contact: ContactForm): boolean {
  return REQUIRED_CONTACT.every((field) => contact[field].trim() !== '')
}

const EMPTY_CONTACT: ContactForm = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  address1: '',
  city: '',
  state: '',
  zip: '',
  country: DEFAULT_COUNTRY,
  organization: '',
}

interface WizardProps {
  mode: WizardMode
  /** Step 4: the shared checkout for the created order, composed by the route. */
  payment: (order: DomainOrder) => ReactNode
}

/**
 * The four-step registration wizard (spec 002 §2.4, §4, §5), also used for renewals: Configuration,
 * Contact Information, Review & Confirm (Create Order), Payment.
 */
export function RegistrationWizard({ mode, payment }: WizardProps) {
  const availability = useAvailability(
    mode.kind === 'register' ? mode.domainName : '',
    mode.kind === 'register',
  )
  const domain = useDomain(mode.kind === 'renew' ? mode.domainId : 0)
  const me = useMe()
  const online = useOnline()
  const register = useRegisterDomain()
  const renew = useRenewDomain()
  const [step, setStep] = useState(0)
  const [years, setYears] = useState(1)
  const [privacy, setPrivacy] = useState(true)
  const [autoRenew, setAutoRenew] = useState(false)
  const [nameservers, setNameservers] = useState(['', ''])
  const [contact, setContact] = useState<ContactForm>(EMPTY_CONTACT)
  const [sameContact, setSameContact] = useState(true)
  const [terms, setTerms] = useState(false)
  const [order, setOrder] = useState<DomainOrder | null>(null)
  const prefilled = useRef(false)
  const stepTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(
    () => () => {
      if (stepTimer.current) clearTimeout(stepTimer.current)
    },
    [],
  )
  const countries = useMemo(() => allCountries().map((c) => ({ value: c.alpha2, label: c.name })), [])

  const renewing = mode.kind === 'renew'
  const domainName = mode.kind === 'register' ? mode.domainName : (domain.data?.domain_name ?? '')
  useDocumentTitle(renewing ? `Renew ${domainName}` : `Register ${domainName}`)

  // Prefilled once from the account (registration) or the domain's registrant (renewal).
  useEffect(() => {
    if (prefilled.current) return
    if (renewing && domain.data) {
      prefilled.current = true
      setPrivacy(domain.data.whois_privacy)
      setAutoRenew(domain.data.auto_renew)
      if (domain.data.contact) setContact({ ...EMPTY_CONTACT, ...domain.data.contact })
      return
    }
    if (!renewing && me.data) {
      prefilled.current = true
      setContact((c) => ({
        ...c,
        first_name: me.data.first_name,
        last_name: me.data.last_name,
        email: me.data.email,
        phone: me.data.phone,
        address1: me.data.address,
        organization: me.data.company_name,
      }))
    }
  }, [renewing, domain.data, me.data])

  const quote = availability.data?.results[0]
  const firstYear = renewing
    ? (domain.data?.renewal_price ?? FALLBACK_PRICE)
    : (quote?.purchasePrice ?? FALLBACK_PRICE)
  const perYear = renewing ? firstYear : (quote?.renewalPrice ?? firstYear)
  const price = domainPrice(firstYear, perYear, years, privacy)
  const yearsValid = Number.isInteger(years) && years >= MIN_YEARS && years <= MAX_YEARS

  if (renewing && domain.isError && !domain.data)
    return (
      <Container size="sm" py="xl">
        <ErrorPanel
          title={domainMessages.notFound}
          message={domainMessages.detailsFailed}
          onRetry={() => void domain.refetch()}
        />
      </Container>
    )
  if (renewing && !domain.data) return <LoadingPanel label="Loading domain..." />
  if (!renewing && availability.data && quote && !quote.purchasable && !order)
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title={domainMessages.unavailable}>
          <Anchor component={Link} to="/domain-search">
            Search for another domain
          </Anchor>
        </Alert>
      </Container>
    )

  const next = () => {
    if (step === 0 && !yearsValid) {
      toast.error(domainMessages.yearsRange)
      return
    }
    if (step === 1 && !contactComplete(contact)) {
      toast.error(domainMessages.fillRequired)
      return
    }
    setStep((s) => s + 1)
  }

  const createOrder = () => {
    if (!yearsValid || (!renewing && !contactComplete(contact)) || !terms) {
      toast.error(domainMessages.reviewAll)
      return
    }
    const done = (created: { order: DomainOrder }) => {
      setOrder(created.order)
      toast.success(domainMessages.orderCreated)
      stepTimer.current = setTimeout(() => setStep(3), ORDER_STEP_DELAY_MS)
    }
    const failed = (error: Error) =>
      toast.error(error instanceof ApiError && error.body ? error.message : domainMessages.orderFailed)
    if (mode.kind === 'renew') {
      renew.mutate({ domainId: mode.domainId, years }, { onSuccess: done, onError: failed })
      return
    }
    const custom = nameservers.map((n) => n.trim()).filter(Boolean)
    register.mutate(
      {
        domain_name: mode.domainName,
        years,
        whois_privacy: privacy,
        auto_renew: autoRenew,
        registrant_first_name: contact.first_name,
        registrant_last_name: contact.last_name,
        registrant_email: contact.email,
        registrant_phone: contact.phone,
        registrant_address1: contact.address1,
        registrant_city: contact.city,
        registrant_state: contact.state,
        registrant_zip: contact.zip,
        registrant_country: contact.country,
        registrant_organization: contact.organization,
        use_same_contact_for_all: sameContact,
        ...(custom.length > 0 ? { nameservers: custom } : {}),
      },
      { onSuccess: done, onError: failed },
    )
  }

  const field = (
    name: keyof ContactForm,
    label: string,
    extra: { placeholder?: string; required?: boolean } = {},
  ) => (
    <TextInput
      label={label}
      required={extra.required ?? true}
      placeholder={extra.placeholder}
      value={contact[name]}
      onChange={(event) => {
        const value = event.currentTarget.value
        setContact((c) => ({ ...c, [name]: value }))
      }}
      disabled={renewing}
    />
  )

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{renewing ? 'Renew Domain' : 'Register Domain'}</Title>
          <Group gap="xs">
            <Text size="lg" fw={700}>
              {domainName}
            </Text>
            {quote?.premium && <Badge color="grape">Premium</Badge>}
          </Group>
        </Stack>
        {!online && <Alert color="yellow">{domainMessages.offline}</Alert>}
        <Stepper active={step} allowNextStepsSelect={false} size="sm">
          <Stepper.Step label="Configuration">
            <Card padding="lg" mt="md">
              <Stack gap="md">
                <NumberInput
                  label="Registration period (years)"
                  min={MIN_YEARS}
                  max={MAX_YEARS}
                  value={years}
                  onChange={(value) => setYears(typeof value === 'number' ? value : Number(value) || 0)}
                  allowDecimal={false}
                  error={yearsValid ? undefined : domainMessages.yearsRange}
                  w={220}
                />
                <Text size="sm" c="dimmed">
                  {formatUsd(firstYear)}/year
                  {firstYear !== perYear ? `, then ${formatUsd(perYear)}/year` : ''}
                </Text>
                <Switch
                  label={`WHOIS privacy (${formatUsd(WHOIS_PRIVACY_PRICE)}/year)`}
                  description="Hides your contact details from public WHOIS lookups."
                  checked={privacy}
                  onChange={(event) => setPrivacy(event.currentTarget.checked)}
                  disabled={renewing}
                />
                {!renewing && (
                  <>
                    <Switch
                      label="Auto-renew"
                      description="Renew automatically 30 days before expiry."
                      checked={autoRenew}
                      onChange={(event) => setAutoRenew(event.currentTarget.checked)}
                    />
                    <Stack gap="xs">
                      <Text fw={500} size="sm">
                        Nameservers
                      </Text>
                      <Text size="xs" c="dimmed">
                        Leave empty to use ours; custom ones need at least two.
                      </Text>
                      {nameservers.map((value, index) => (
                        <Group key={index} gap="xs" wrap="nowrap">
                          <TextInput
                            aria-label={`Nameserver ${index + 1}`}
                            placeholder={`ns${index + 1}.example.com`}
                            value={value}
                            onChange={(event) => {
                              const text = event.currentTarget.value
                              setNameservers((list) => list.map((n, i) => (i === index ? text : n)))
                            }}
                            style={{ flex: 1 }}
                          />
                          {nameservers.length > 2 && (
                            <Button
                              variant="subtle"
                              color="red"
                              aria-label={`Remove nameserver ${index + 1}`}
                              onClick={() => setNameservers((list) => list.filter((_, i) => i !== index))}
                            >
                              <IconTrash size={16} aria-hidden />
                            </Button>
                          )}
                        </Group>
                      ))}
                      {nameservers.length < MAX_NAMESERVERS && (
                        <Button
                          variant="light"
                          size="xs"
                          w="fit-content"
                          leftSection={<IconPlus size={14} aria-hidden />}
                          onClick={() => setNameservers((list) => [...list, ''])}
                        >
                          Add Nameserver
                        </Button>
                      )}
                    </Stack>
                  </>
                )}
              </Stack>
            </Card>
          </Stepper.Step>
          <Stepper.Step label="Contact Information">
            <Card padding="lg" mt="md">
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {field('first_name', 'First name')}
                  {field('last_name', 'Last name')}
                  {field('email', 'Email')}
                  {field('phone', 'Phone', { placeholder: '+1.5555551234' })}
                  {field('address1', 'Address')}
                  {field('city', 'City')}
                  {field('state', 'State')}
                  {field('zip', 'ZIP')}
                  <Select
                    label="Country"
                    required
                    searchable
                    data={countries}
                    value={contact.country}
                    onChange={(value) => setContact((c) => ({ ...c, country: value ?? DEFAULT_COUNTRY }))}
                    allowDeselect={false}
                    disabled={renewing}
                  />
                  {field('organization', 'Organization (optional)', { required: false })}
                </SimpleGrid>
                <Checkbox
                  label="Use the same contact for admin, tech and billing"
                  checked={sameContact}
                  onChange={(event) => setSameContact(event.currentTarget.checked)}
                  disabled={renewing}
                />
              </Stack>
            </Card>
          </Stepper.Step>
          <Stepper.Step label="Review & Confirm">
            <Card padding="lg" mt="md">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  Order summary
                </Title>
                <Group justify="space-between">
                  <Text>
                    {domainName} ({years} {years === 1 ? 'year' : 'years'})
                  </Text>
                  <Text>{formatUsd(price.base)}</Text>
                </Group>
                {privacy && (
                  <Group justify="space-between">
                    <Text>WHOIS privacy</Text>
                    <Text>{formatUsd(price.privacy)}</Text>
                  </Group>
                )}
                <Divider />
                <Group justify="space-between">
                  <Text fw={700}>Total</Text>
                  <Text fw={700} data-testid="order-total">
                    {formatUsd(price.total)}
                  </Text>
                </Group>
                {!renewing && (
                  <Text size="sm" c="dimmed">
                    Auto-renew {autoRenew ? 'on' : 'off'} · Registrant {contact.first_name}{' '}
                    {contact.last_name} ({contact.email})
                  </Text>
                )}
                <Checkbox
                  mt="sm"
                  required
                  label={
                    <>
                      I agree to the{' '}
                      <Anchor component={Link} to="/privacy">
                        terms and privacy policy
                      </Anchor>
                      . Registrations are non-refundable.
                    </>
                  }
                  checked={terms}
                  onChange={(event) => setTerms(event.currentTarget.checked)}
                />
              </Stack>
            </Card>
          </Stepper.Step>
          <Stepper.Step label="Payment">
            <Stack mt="md">{order ? payment(order) : <Text>{domainMessages.orderDataMissing}</Text>}</Stack>
          </Stepper.Step>
        </Stepper>
        {step < 3 && (
          <Group justify="space-between">
            <Button
              variant="default"
              disabled={step === 0 || order !== null}
              onClick={() => setStep((s) => s - 1)}
            >
              Back
            </Button>
            {step < 2 ? (
              <Button onClick={next}>Next</Button>
            ) : (
              <Button
                onClick={createOrder}
                loading={register.isPending || renew.isPending}
                disabled={order !== null || !online}
              >
                Create Order
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Container>
  )
}
