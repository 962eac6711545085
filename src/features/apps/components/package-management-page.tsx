import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Container,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { IconArrowLeft, IconPlus, IconTrash } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { PACKAGE_DURATIONS, SERVICE_TYPES, type PackageDuration, type ServiceType } from '@/contract/apps'
import { checkClientPackage, clientPackageMessages, type ClientPackage } from '@/contract/client-packages'
import { OfflinePanel } from '@/components/offline-panel'
import { EmptyState, ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { useOnline } from '@/components/use-online'
import { formatUsd } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useDeleteClientPackage } from '../api/delete-client-package'
import { useClientPackages } from '../api/get-client-packages'
import { useSaveClientPackage } from '../api/save-client-package'

interface PackageForm {
  id: number | null
  name: string
  price: number | string
  duration: PackageDuration
  messages: number | string
  features: string[]
  serviceType: ServiceType
  active: boolean
}

const emptyForm: PackageForm = {
  id: null,
  name: '',
  price: '',
  duration: '1 Month',
  messages: '',
  features: [''],
  serviceType: 'sms',
  active: true,
}

const serviceNames: Record<ServiceType, string> = { sms: 'SMS', email: 'Email', whatsapp: 'WhatsApp' }

/** 'Msg Package Management' (spec 001 §2): the client's own packages, kept on the server. */
export function PackageManagementPage() {
  useDocumentTitle(clientPackageMessages.title)
  const packages = useClientPackages()
  const save = useSaveClientPackage()
  const remove = useDeleteClientPackage()
  const online = useOnline()
  const [form, setForm] = useState<PackageForm>(emptyForm)
  const [error, setError] = useState<string | null>(null)
  const set = (patch: Partial<PackageForm>) => {
    setError(null)
    setForm((f) => ({ ...f, ...patch }))
  }

  const submit = async () => {
    const input = {
      name: form.name,
      price: Number(form.price),
      messages: Number(form.messages),
      duration: form.duration,
      features: form.features,
      serviceType: form.serviceType,
      active: form.active,
    }
    const checked = checkClientPackage(input)
    if (typeof checked === 'string') {
      setError(checked)
      return
    }
    try {
      await save.mutateAsync(form.id ? { id: form.id, ...checked } : checked)
      toast.success(form.id ? clientPackageMessages.updated : clientPackageMessages.created, 3000)
      setForm(emptyForm)
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : clientPackageMessages.required)
    }
  }
  const edit = (pkg: ClientPackage) => {
    setError(null)
    setForm({ ...pkg, features: pkg.features.length > 0 ? pkg.features : [''] })
  }
  const toggle = async (pkg: ClientPackage) => {
    try {
      await save.mutateAsync({ id: pkg.id, active: !pkg.active })
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : 'Could not change the package.', 4000)
    }
  }
  const del = async (pkg: ClientPackage) => {
    try {
      await remove.mutateAsync(pkg.id)
      if (form.id === pkg.id) setForm(emptyForm)
      toast.success(clientPackageMessages.deleted, 3000)
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : 'Could not delete the package.', 4000)
    }
  }

  let list
  if (packages.isError && !packages.data) {
    list = <ErrorPanel message={clientPackageMessages.loadFailed} onRetry={() => void packages.refetch()} />
  } else if (!packages.data) {
    list = packages.fetchStatus === 'paused' ? <OfflinePanel what="Your packages" /> : <LoadingPanel />
  } else if (packages.data.packages.length === 0) {
    list = (
      <EmptyState title={clientPackageMessages.empty} message="Create your first package with the form." />
    )
  } else {
    list = (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {packages.data.packages.map((pkg) => (
          <Card
            key={pkg.id}
            withBorder
            padding="lg"
            opacity={pkg.active ? 1 : 0.55}
            data-testid="client-package"
          >
            <Group justify="space-between" mb="xs">
              <Text fw={600}>{pkg.name}</Text>
              <Badge variant="light">{serviceNames[pkg.serviceType]}</Badge>
            </Group>
            <Text size="xl" fw={700}>
              {formatUsd(pkg.price)}
            </Text>
            <Text size="sm" c="dimmed">
              {pkg.messages.toLocaleString('en-US')} messages · {pkg.duration}
            </Text>
            <Stack gap={2} my="sm">
              {pkg.features.map((feature) => (
                <Text key={feature} size="sm">
                  • {feature}
                </Text>
              ))}
            </Stack>
            <Group justify="space-between">
              <Switch
                checked={pkg.active}
                label={pkg.active ? 'Active' : 'Inactive'}
                onChange={() => void toggle(pkg)}
                disabled={!online}
              />
              <Group gap="xs">
                <Button size="xs" variant="light" onClick={() => edit(pkg)} disabled={!online}>
                  Edit
                </Button>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  onClick={() => void del(pkg)}
                  disabled={!online}
                >
                  Delete
                </Button>
              </Group>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    )
  }

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group>
          <Button
            component={Link}
            to="/dashboard"
            variant="subtle"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            Back to Dashboard
          </Button>
        </Group>
        <Title order={1}>{clientPackageMessages.title}</Title>
        <Card
          withBorder
          padding="lg"
          component="form"
          onSubmit={(e) => {
            e.preventDefault()
            void submit()
          }}
        >
          <Title order={2} size="h4" mb="sm">
            {form.id ? 'Edit Package' : 'Create Package'}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Name"
              value={form.name}
              onChange={(e) => set({ name: e.currentTarget.value })}
            />
            <Select
              label="Service type"
              data={SERVICE_TYPES.map((s) => ({ value: s, label: serviceNames[s] }))}
              value={form.serviceType}
              onChange={(value) => value && set({ serviceType: value as ServiceType })}
              allowDeselect={false}
            />
            <NumberInput
              label="Price (USD)"
              min={0}
              decimalScale={2}
              value={form.price}
              onChange={(value) => set({ price: value })}
            />
            <NumberInput
              label="Messages"
              min={0}
              allowDecimal={false}
              value={form.messages}
              onChange={(value) => set({ messages: value })}
            />
            <Select
              label="Duration"
              data={[...PACKAGE_DURATIONS]}
              value={form.duration}
              onChange={(value) => value && set({ duration: value as PackageDuration })}
              allowDeselect={false}
            />
            <Switch
              mt="xl"
              checked={form.active}
              label={form.active ? 'Active' : 'Inactive'}
              onChange={(e) => set({ active: e.currentTarget.checked })}
            />
          </SimpleGrid>
          <Stack gap="xs" mt="md">
            <Text size="sm" fw={500}>
              Features
            </Text>
            {form.features.map((feature, index) => (
              <Group key={index} gap="xs" wrap="nowrap">
                <TextInput
                  flex={1}
                  aria-label={`Feature ${index + 1}`}
                  value={feature}
                  onChange={(e) => {
                    const value = e.currentTarget.value
                    set({ features: form.features.map((f, i) => (i === index ? value : f)) })
                  }}
                />
                {form.features.length > 1 && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove feature ${index + 1}`}
                    onClick={() => set({ features: form.features.filter((_, i) => i !== index) })}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            ))}
            <Button
              variant="subtle"
              size="xs"
              w="fit-content"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => set({ features: [...form.features, ''] })}
            >
              Add feature
            </Button>
          </Stack>
          {error && (
            <Text c="red" size="sm" mt="sm" role="alert">
              {error}
            </Text>
          )}
          <Group mt="md">
            <Button type="submit" loading={save.isPending} disabled={!online}>
              {form.id ? 'Update Package' : 'Create Package'}
            </Button>
            <Button
              variant="default"
              onClick={() => {
                setForm(emptyForm)
                setError(null)
              }}
            >
              Cancel
            </Button>
          </Group>
        </Card>
        {list}
      </Stack>
    </Container>
  )
}
