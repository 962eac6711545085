import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core'
import { IconMail, IconMessage, IconBrandWhatsapp, IconCheck } from '@tabler/icons-react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useState, type ReactNode } from 'react'
import {
  APP_NAME_MAX,
  GATEWAY_REDIRECT_MS,
  SERVICE_TYPES,
  wizardMessages,
  type CreateAppResponse,
  type ServiceType,
} from '@/contract/apps'
import { toast } from '@/components/toast'
import { useOnline } from '@/components/use-online'
import { ApiError } from '@/lib/api-client'
import { formatUsd } from '@/lib/format'
import { useCurrentUser } from '@/lib/session'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useCreateApp } from '../api/create-app'
import { usePackagesFor } from '../api/get-packages'
import { rememberPendingPayment } from '../pending-payments'
import {
  initialWizard,
  next,
  previous,
  stepError,
  submitError,
  toggleService,
  togglePackage,
  totalPrice,
  WIZARD_STEPS,
  type WizardState,
} from '../wizard'

const serviceFacts: Record<ServiceType, { label: string; icon: ReactNode; text: string }> = {
  sms: {
    label: 'SMS',
    icon: <IconMessage size={22} aria-hidden />,
    text: 'Text messages to any mobile number',
  },
  email: {
    label: 'Email',
    icon: <IconMail size={22} aria-hidden />,
    text: 'Transactional and marketing e-mail',
  },
  whatsapp: {
    label: 'WhatsApp',
    icon: <IconBrandWhatsapp size={22} aria-hidden />,
    text: 'Messages to WhatsApp users',
  },
}

/** Spec 001 §8: why creating the app failed, as the payment-setup message's reason. */
function creationFailure(failure: unknown): string {
  if (!(failure instanceof ApiError)) return wizardMessages.createFailed
  // A success answer without the app's id (it did not match the contract).
  if (failure.status >= 200 && failure.status < 300) return wizardMessages.appIdMissing
  return failure.body ? failure.message : wizardMessages.createFailed
}

export interface PaymentStepProps {
  created: CreateAppResponse
  lines: { label: string; amount: number }[]
  /** Paymob/Fawry: the gateway page opened beside the app (spec 001 §4). */
  onGatewayOpened: () => void
}

interface CreateAppWizardProps {
  /** The shared checkout for the app's order, composed by the route from the payments feature. */
  payment?: (props: PaymentStepProps) => ReactNode
}

/** /create-app: App Details, Service Type, Select Package, Payment (spec 001 §2, §4, §5). */
export function CreateAppWizard({ payment }: CreateAppWizardProps) {
  useDocumentTitle('Create App')
  const [state, setState] = useState<WizardState>(initialWizard)
  const [error, setError] = useState<string | null>(null)
  const [created, setCreated] = useState<CreateAppResponse | null>(null)
  const [awaitingGateway, setAwaitingGateway] = useState(false)
  const create = useCreateApp()
  const online = useOnline()
  const navigate = useNavigate()
  const user = useCurrentUser()
  const packageQueries = usePackagesFor(state.services)

  // Spec 001 §4: about 5 seconds after the gateway page opened, the dashboard (which watches the payment).
  useEffect(() => {
    if (!awaitingGateway) return
    const timer = window.setTimeout(() => void navigate({ to: '/dashboard' }), GATEWAY_REDIRECT_MS)
    return () => window.clearTimeout(timer)
  }, [awaitingGateway, navigate])

  const gatewayOpened = () => {
    if (!created) return
    if (user)
      rememberPendingPayment(user.id, {
        appId: created.id,
        orderId: created.order_id,
        name: created.app.name,
      })
    toast.success(wizardMessages.createdPending, GATEWAY_REDIRECT_MS)
    setAwaitingGateway(true)
  }

  const change = (update: (s: WizardState) => WizardState) => {
    setError(null)
    setState(update)
  }
  const forward = () => {
    const problem = stepError(state)
    setError(problem)
    if (!problem) setState(next(state))
  }
  const lines = state.services.flatMap((s) => {
    const pkg = state.packages[s]
    return pkg ? [{ label: `${pkg.name} (${serviceFacts[s].label})`, amount: pkg.price }] : []
  })

  const submit = async () => {
    const problem = submitError(state)
    if (problem) {
      setError(problem)
      return
    }
    try {
      const answer = await create.mutateAsync({
        app_name: state.appName.trim(),
        service_type: state.services,
        selected_packages: Object.fromEntries(state.services.map((s) => [s, state.packages[s]?.id])),
      })
      setCreated(answer)
      if (!payment) {
        toast.success(wizardMessages.createdPending, 5000)
        void navigate({ to: '/manage-msg/$id', params: { id: String(answer.id) } })
      }
    } catch (failure) {
      setError(wizardMessages.setupFailed(creationFailure(failure)))
    }
  }

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1}>Create App</Title>
          <Button component={Link} to="/dashboard" variant="subtle">
            Back to Dashboard
          </Button>
        </Group>
        <Stepper active={state.step - 1} allowNextStepsSelect={false} size="sm">
          {WIZARD_STEPS.map((label) => (
            <Stepper.Step key={label} label={label} />
          ))}
        </Stepper>

        {error && (
          <Alert color="red" role="alert" data-testid="wizard-error">
            {error}
          </Alert>
        )}

        {state.step === 1 && (
          <Card withBorder padding="lg">
            <TextInput
              label="App name"
              description={`Up to ${APP_NAME_MAX} characters`}
              placeholder="e.g. Order Alerts"
              value={state.appName}
              maxLength={APP_NAME_MAX}
              onChange={(event) => {
                const value = event.currentTarget.value
                change((s) => ({ ...s, appName: value }))
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') forward()
              }}
              data-autofocus
            />
          </Card>
        )}

        {state.step === 2 && (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {SERVICE_TYPES.map((service) => {
              const selected = state.services.includes(service)
              return (
                <UnstyledButton
                  key={service}
                  onClick={() => change((s) => toggleService(s, service))}
                  aria-pressed={selected}
                  data-testid={`service-${service}`}
                >
                  <Card
                    withBorder
                    padding="lg"
                    bd={selected ? '2px solid var(--mantine-color-blue-6)' : undefined}
                  >
                    <Group justify="space-between">
                      {serviceFacts[service].icon}
                      {selected && <IconCheck size={18} color="var(--mantine-color-blue-6)" aria-hidden />}
                    </Group>
                    <Text fw={600} mt="sm">
                      {serviceFacts[service].label}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {serviceFacts[service].text}
                    </Text>
                  </Card>
                </UnstyledButton>
              )
            })}
          </SimpleGrid>
        )}

        {state.step === 3 && (
          <Stack gap="lg">
            {state.services.map((service, index) => {
              const query = packageQueries[index]
              return (
                <Stack key={service} gap="xs">
                  <Title order={2} size="h4">
                    {serviceFacts[service].label} packages
                  </Title>
                  {query?.isError ? (
                    <Alert color="red">
                      {wizardMessages.packagesFailed(service)}{' '}
                      <Button size="compact-xs" variant="light" onClick={() => void query.refetch()}>
                        Try Again
                      </Button>
                    </Alert>
                  ) : !query?.data ? (
                    <Loader size="sm" aria-label={`Loading ${service} packages`} />
                  ) : (
                    <SimpleGrid cols={{ base: 1, sm: 3 }}>
                      {query.data.packages.map((pkg) => {
                        const selected = state.packages[service]?.id === pkg.id
                        return (
                          <UnstyledButton
                            key={pkg.id}
                            onClick={() => change((s) => togglePackage(s, pkg))}
                            aria-pressed={selected}
                            data-testid={`package-${pkg.id}`}
                          >
                            <Card
                              withBorder
                              padding="md"
                              bd={selected ? '2px solid var(--mantine-color-blue-6)' : undefined}
                            >
                              <Text fw={600}>{pkg.name}</Text>
                              <Text size="xl" fw={700}>
                                {formatUsd(pkg.price)}
                              </Text>
                              <Text size="sm" c="dimmed">
                                {pkg.limit.toLocaleString('en-US')} messages ·{' '}
                                {pkg.duration_months === 12
                                  ? '1 Year'
                                  : `${pkg.duration_months} Month${pkg.duration_months === 1 ? '' : 's'}`}
                              </Text>
                            </Card>
                          </UnstyledButton>
                        )
                      })}
                    </SimpleGrid>
                  )}
                </Stack>
              )
            })}
          </Stack>
        )}

        {state.step === 4 && (
          <Stack gap="md">
            <Card withBorder padding="lg">
              <Title order={2} size="h4" mb="sm">
                Order Summary
              </Title>
              <Text size="sm" c="dimmed" mb="xs">
                App: {state.appName.trim()}
              </Text>
              {lines.map((line) => (
                <Group key={line.label} justify="space-between">
                  <Text size="sm">{line.label}</Text>
                  <Text size="sm">{formatUsd(line.amount)}</Text>
                </Group>
              ))}
              <Group justify="space-between" mt="sm">
                <Text fw={700}>Total</Text>
                <Text fw={700} data-testid="wizard-total">
                  {formatUsd(totalPrice(state))}
                </Text>
              </Group>
            </Card>
            {awaitingGateway && (
              <Alert color="blue" role="status" data-testid="wizard-pending">
                {wizardMessages.createdPending}
              </Alert>
            )}
            {created && payment ? (
              payment({ created, lines, onGatewayOpened: gatewayOpened })
            ) : (
              <Text size="sm" c="dimmed">
                The app is created first and activated as soon as its payment is confirmed.
              </Text>
            )}
          </Stack>
        )}

        {!created && (
          <Group justify="space-between">
            <Button variant="default" onClick={() => change(previous)} disabled={state.step === 1}>
              Previous
            </Button>
            {state.step < 4 ? (
              <Button onClick={forward}>Next Step</Button>
            ) : (
              <Button onClick={() => void submit()} loading={create.isPending} disabled={!online}>
                Create App
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Container>
  )
}
