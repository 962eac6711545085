import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { IconCopy, IconLock, IconPlus, IconShieldCheck, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { domainMessages, MIN_NAMESERVERS, type Domain } from '@/contract/domains'
import { AppLink, useAppNavigation } from '@/components/app-link'
import { OfflinePanel } from '@/components/offline-panel'
import { StatusBadge } from '@/components/status-badge'
import { ErrorPanel, LoadingPanel } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { useOnline } from '@/components/use-online'
import { ApiError } from '@/lib/api-client'
import { copyText } from '@/lib/clipboard'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useDomain } from '../api/get-domain'
import { useGetAuthCode } from '../api/get-auth-code'
import { useUpdateContact } from '../api/update-contact'
import { useUpdateNameservers } from '../api/update-nameservers'
import { DnsTab } from './dns-tab'
import { DomainOverview } from './domain-overview'
import { errorMessage as message } from '../error-message'
import { DOMAIN_TABS, type DomainTab } from '../tabs'

const MY_DOMAINS = '/dashboard?tab=domains'

export function DomainNotFound() {
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="sm" ta="center">
        <Title order={1} size="h2">
          {domainMessages.notFound}
        </Title>
        <AppLink href={MY_DOMAINS}>Back to My Domains</AppLink>
      </Stack>
    </Container>
  )
}

function Nameservers({ domain, online }: { domain: Domain; online: boolean }) {
  const update = useUpdateNameservers(domain.id)
  const [list, setList] = useState(() =>
    domain.nameservers.length >= 2 ? domain.nameservers : [...domain.nameservers, '', ''].slice(0, 2),
  )
  const save = () => {
    const entries = list.map((n) => n.trim()).filter(Boolean)
    if (entries.length < MIN_NAMESERVERS) {
      toast.error(domainMessages.tooFewNameservers)
      return
    }
    update.mutate(entries, {
      onSuccess: () => toast.success(domainMessages.nameserversUpdated),
      onError: (e) => toast.error(message(e, domainMessages.nameserversFailed)),
    })
  }
  return (
    <Card padding="lg">
      <Stack gap="sm">
        {list.map((value, index) => (
          <Group key={index} gap="xs" wrap="nowrap">
            <TextInput
              aria-label={`Nameserver ${index + 1}`}
              value={value}
              onChange={(e) => {
                const text = e.currentTarget.value
                setList((l) => l.map((n, i) => (i === index ? text : n)))
              }}
              style={{ flex: 1 }}
            />
            {list.length > 2 && (
              <Button
                variant="subtle"
                color="red"
                aria-label={`Remove nameserver ${index + 1}`}
                onClick={() => setList((l) => l.filter((_, i) => i !== index))}
              >
                <IconTrash size={16} aria-hidden />
              </Button>
            )}
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => setList((l) => [...l, ''])}
          >
            Add Nameserver
          </Button>
          <Button onClick={save} loading={update.isPending} disabled={!online}>
            Save Nameservers
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}

const CONTACT_FIELDS = [
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['address1', 'Address'],
  ['city', 'City'],
  ['state', 'State'],
  ['zip', 'ZIP'],
  ['country', 'Country (two letters)'],
  ['organization', 'Organization'],
] as const

function Contacts({ domain, online }: { domain: Domain; online: boolean }) {
  const update = useUpdateContact(domain.id)
  const [contact, setContact] = useState(
    () =>
      domain.contact ?? {
        first_name: '',
        last_name: '',
        email: '',
        phone: '',
        address1: '',
        city: '',
        state: '',
        zip: '',
        country: 'US',
        organization: '',
      },
  )
  const save = () => {
    if (CONTACT_FIELDS.some(([key]) => key !== 'organization' && !contact[key].trim())) {
      toast.error(domainMessages.fillRequired)
      return
    }
    update.mutate(contact, {
      onSuccess: () => toast.success('Contact updated successfully'),
      onError: (e) => toast.error(message(e, 'Failed to update contact')),
    })
  }
  return (
    <Card padding="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The registrant contact; it is also used for the admin, tech and billing contacts.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {CONTACT_FIELDS.map(([key, label]) => (
            <TextInput
              key={key}
              label={label}
              required={key !== 'organization'}
              value={contact[key]}
              onChange={(e) => {
                const text = e.currentTarget.value
                setContact((c) => ({ ...c, [key]: text }))
              }}
            />
          ))}
        </SimpleGrid>
        <Button w="fit-content" onClick={save} loading={update.isPending} disabled={!online}>
          Save Contact
        </Button>
      </Stack>
    </Card>
  )
}

function Transfer({ domain, online }: { domain: Domain; online: boolean }) {
  const getCode = useGetAuthCode(domain.id)
  const [code, setCode] = useState<string | null>(null)
  if (domain.locked)
    return (
      <Alert color="yellow" icon={<IconLock size={18} aria-hidden />} title="Domain is locked">
        Unlock the domain on the overview tab to get its transfer authorisation code.
      </Alert>
    )
  return (
    <Card padding="lg">
      <Stack gap="sm">
        <Text>Use this code at the new registrar to transfer {domain.domain_name} away.</Text>
        <Button
          w="fit-content"
          loading={getCode.isPending}
          disabled={!online}
          onClick={() =>
            getCode.mutate(undefined, {
              onSuccess: (answer) => {
                setCode(answer.auth_code)
                toast.success(domainMessages.authCodeRetrieved)
              },
              onError: (e) => toast.error(message(e, domainMessages.authCodeFailed)),
            })
          }
        >
          Get Auth Code
        </Button>
        {code && (
          <Group gap="sm">
            <Code fz="md" data-testid="auth-code">
              {code}
            </Code>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconCopy size={14} aria-hidden />}
              onClick={() =>
                void copyText(code).then((ok) => ok && toast.success(domainMessages.authCodeCopied))
              }
            >
              Copy
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  )
}

interface DomainPageProps {
  domainId: number
  tab: DomainTab
  onTabChange: (tab: DomainTab) => void
}

/** /domain/{id} (spec 002 §2.5): header badges, Renew link and the five tabs. */
export function DomainPage({ domainId, tab, onTabChange }: DomainPageProps) {
  const domain = useDomain(domainId)
  const online = useOnline()
  const navigation = useAppNavigation()
  useDocumentTitle(domain.data?.domain_name ?? 'Domain')
  if (domain.isError && !domain.data) {
    if (domain.error instanceof ApiError && domain.error.status === 404) return <DomainNotFound />
    return (
      <Container size="md" py="xl">
        <ErrorPanel
          title={domainMessages.detailsFailed}
          message={domain.error.message}
          onRetry={() => void domain.refetch()}
        />
      </Container>
    )
  }
  if (!domain.data)
    return domain.fetchStatus === 'paused' ? (
      <OfflinePanel what="This domain" />
    ) : (
      <LoadingPanel label="Loading domain..." />
    )
  const d = domain.data
  const registered = d.status === 'active' || d.status === 'expired'
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap="xs">
            <AppLink href={MY_DOMAINS} size="sm">
              ← My Domains
            </AppLink>
            <Title order={1} style={{ wordBreak: 'break-all' }}>
              {d.domain_name}
            </Title>
            <Group gap="xs">
              <StatusBadge status={d.status} kind="domain" />
              {d.locked && (
                <Badge variant="light" color="blue" leftSection={<IconLock size={12} aria-hidden />}>
                  Locked
                </Badge>
              )}
              {d.whois_privacy && (
                <Badge variant="light" color="teal" leftSection={<IconShieldCheck size={12} aria-hidden />}>
                  Privacy Enabled
                </Badge>
              )}
            </Group>
          </Stack>
          {registered && (
            <Button
              component="a"
              href={`/domain/${d.id}/renew`}
              onClick={navigation(`/domain/${d.id}/renew`)}
            >
              Renew Domain
            </Button>
          )}
        </Group>
        {!online && <Alert color="yellow">{domainMessages.offline}</Alert>}
        {!registered ? (
          <Alert color="yellow" title="Awaiting payment">
            This domain is registered once its order is paid.
          </Alert>
        ) : (
          <Tabs
            value={tab}
            onChange={(value) => {
              const next = DOMAIN_TABS.find((t) => t === value)
              if (next) onTabChange(next)
            }}
            keepMounted={false}
          >
            <Tabs.List mb="lg">
              <Tabs.Tab value="overview">Overview</Tabs.Tab>
              <Tabs.Tab value="dns">DNS</Tabs.Tab>
              <Tabs.Tab value="nameservers">Nameservers</Tabs.Tab>
              <Tabs.Tab value="contacts">Contacts</Tabs.Tab>
              <Tabs.Tab value="transfer">Transfer</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="overview">
              <DomainOverview domain={d} online={online} />
            </Tabs.Panel>
            <Tabs.Panel value="dns">
              <DnsTab domainId={d.id} domainName={d.domain_name} online={online} />
            </Tabs.Panel>
            <Tabs.Panel value="nameservers">
              <Nameservers key={d.nameservers.join()} domain={d} online={online} />
            </Tabs.Panel>
            <Tabs.Panel value="contacts">
              <Contacts domain={d} online={online} />
            </Tabs.Panel>
            <Tabs.Panel value="transfer">
              <Transfer domain={d} online={online} />
            </Tabs.Panel>
          </Tabs>
        )}
      </Stack>
    </Container>
  )
}
