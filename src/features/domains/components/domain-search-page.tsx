import { Badge, Button, Card, Chip, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconSearch, IconWorldSearch } from '@tabler/icons-react'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import {
  DEFAULT_TLDS,
  DOMAIN_TLDS,
  domainMessages,
  normaliseDomainLabel,
  type AvailabilityResult,
  type SearchResult,
} from '@/contract/domains'
import { PageHeader } from '@/components/page-header'
import { EmptyState } from '@/components/status-panels'
import { toast } from '@/components/toast'
import { formatUsd } from '@/lib/format'
import { session } from '@/lib/session'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useSearchDomains } from '../api/search-domains'

/** Delay before a signed-out visitor who pressed Register is sent to /login (§9). */
export const LOGIN_REDIRECT_MS = 2000

/** Toggling a chip; the last selected chip stays selected (§2.3). */
export function toggleTld(selected: string[], tld: string): string[] {
  if (selected.includes(tld)) return selected.length === 1 ? selected : selected.filter((t) => t !== tld)
  return DOMAIN_TLDS.filter((t) => t === tld || selected.includes(t))
}

function ResultRow({
  result,
  onRegister,
}: {
  result: AvailabilityResult
  onRegister: (name: string) => void
}) {
  return (
    <Card padding="md" data-testid="domain-result">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs">
          <Text fw={700} size="lg">
            {result.domainName}
          </Text>
          {result.premium && (
            <Badge color="grape" variant="light">
              Premium
            </Badge>
          )}
        </Group>
        <Group gap="md">
          <Text fw={600}>{formatUsd(result.price)}/year</Text>
          {result.purchasable ? (
            <Button
              onClick={() => onRegister(result.domainName)}
              aria-label={`Register ${result.domainName}`}
            >
              Register
            </Button>
          ) : (
            <Badge color="red" variant="light" size="lg">
              Unavailable
            </Badge>
          )}
        </Group>
      </Group>
    </Card>
  )
}

/** /domain-search (spec 002 §2.3): public availability search with TLD chips and suggestions. */
export function DomainSearchPage() {
  useDocumentTitle('Domain Search')
  const [name, setName] = useState('')
  const [tlds, setTlds] = useState<string[]>([...DEFAULT_TLDS])
  const [result, setResult] = useState<SearchResult | null>(null)
  const search = useSearchDomains()
  const navigate = useNavigate()
  const loginTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(
    () => () => {
      if (loginTimer.current) clearTimeout(loginTimer.current)
    },
    [],
  )

  const run = (text: string) => {
    const keyword = normaliseDomainLabel(text)
    if (!keyword) {
      toast.error(domainMessages.enterName)
      return
    }
    search.mutate(
      { keyword, tlds },
      {
        onSuccess: setResult,
        onError: () => toast.error(domainMessages.searchFailed),
      },
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    run(name)
  }

  const register = (domainName: string) => {
    const target = `/domain-register?domain=${encodeURIComponent(domainName)}`
    // Spec 002 §2.3: what counts is whether an access token is stored.
    if (!session.accessToken()) {
      toast.error(domainMessages.loginToRegister)
      loginTimer.current = setTimeout(
        () => void navigate({ to: '/login', search: { redirect: target } }),
        LOGIN_REDIRECT_MS,
      )
      return
    }
    void navigate({ to: '/domain-register', search: { domain: domainName } })
  }

  const suggest = (suggestion: string) => {
    const label = suggestion.slice(0, suggestion.indexOf('.'))
    setName(label)
    run(label)
  }

  return (
    <Container size="md" py={{ base: 48, md: 72 }}>
      <Stack gap="xl">
        <PageHeader eyebrow="Domains" title="Find your domain name">
          Search a name across the extensions you want, see the yearly price and register it in minutes.
        </PageHeader>
        <Card component="form" onSubmit={submit} padding="lg" role="search">
          <Stack gap="md">
            <Group align="flex-end" gap="sm" wrap="nowrap">
              <TextInput
                label="Domain name"
                placeholder="yourbusiness"
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                leftSection={<IconWorldSearch size={18} aria-hidden />}
                style={{ flex: 1 }}
                size="md"
              />
              <Button
                type="submit"
                size="md"
                loading={search.isPending}
                leftSection={<IconSearch size={16} aria-hidden />}
              >
                Search
              </Button>
            </Group>
            <Stack gap={6}>
              <Text size="sm" fw={500} id="tld-label">
                Extensions
              </Text>
              <Group gap="xs" role="group" aria-labelledby="tld-label">
                {DOMAIN_TLDS.map((tld) => (
                  <Chip
                    key={tld}
                    checked={tlds.includes(tld)}
                    onChange={() => setTlds((s) => toggleTld(s, tld))}
                  >
                    .{tld}
                  </Chip>
                ))}
              </Group>
            </Stack>
          </Stack>
        </Card>
        {result && (
          <Stack gap="md">
            <Title order={2} size="h3">
              Results
            </Title>
            {result.results.length === 0 ? (
              <EmptyState title="No results" message="Try another name or choose other extensions." />
            ) : (
              <Stack gap="sm" aria-live="polite">
                {result.results.map((r) => (
                  <ResultRow key={r.domainName} result={r} onRegister={register} />
                ))}
              </Stack>
            )}
            {result.suggestions.length > 0 && (
              <Card padding="lg">
                <Stack gap="sm">
                  <Title order={3} size="h4">
                    Alternatives
                  </Title>
                  <Group gap="xs">
                    {result.suggestions.map((s) => (
                      <Button key={s} variant="light" radius="xl" size="xs" onClick={() => suggest(s)}>
                        {s}
                      </Button>
                    ))}
                  </Group>
                </Stack>
              </Card>
            )}
          </Stack>
        )}
        {!result && !search.isPending && (
          <EmptyState
            title="Search for a domain"
            message="Type a name and press Enter to see which extensions are free."
          />
        )}
      </Stack>
    </Container>
  )
}
