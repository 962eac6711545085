import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconMail, IconSend } from '@tabler/icons-react'
import { useId, useState, type FormEvent } from 'react'
import { isEmail } from '@/contract/common'
import { newsletterMessages } from '@/contract/newsletter'
import { toast } from '@/components/toast'
import { awaitingApp, useHydrated } from '@/components/use-hydrated'
import { ApiError } from '@/lib/api-client'
import { useSubscribeToNewsletter } from '../api/subscribe-to-newsletter'

/** The form's own checks (spec 000 §5): empty first, then the format. */
export function checkNewsletterEmail(value: string): string | null {
  const email = value.trim()
  if (!email) return newsletterMessages.emptyEmail
  if (!isEmail(email)) return newsletterMessages.invalidFormat
  return null
}

/**
 * Spec 000 §8: the server's e-mail field error first, then its message, else the generic failure;
 * when the server could not be reached at all, the try-again text.
 */
export function newsletterFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return newsletterMessages.subscribeUnreachable
  const emailError = error.fields.email?.[0]
  if (emailError) return emailError
  const body: unknown = error.body
  if (body && typeof body === 'object') {
    for (const key of ['message', 'detail', 'error']) {
      const value: unknown = Reflect.get(body, key)
      if (typeof value === 'string' && value) return value
    }
  }
  return newsletterMessages.subscribeFailed
}

interface NewsletterFormProps {
  title?: string
  description?: string
}

/** Newsletter sign-up: validation toasts for 3 s, the server's answer for 5 s, cleared on success. */
export function NewsletterForm({
  title = 'Subscribe to Our Newsletter',
  description = 'New articles on software, security, AI and the cloud, straight to your inbox. No spam; unsubscribe any time.',
}: NewsletterFormProps) {
  const headingId = useId()
  const hydrated = useHydrated()
  const [email, setEmail] = useState('')
  const subscribe = useSubscribeToNewsletter()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const problem = checkNewsletterEmail(email)
    if (problem) {
      toast.error(problem, 3000)
      return
    }
    try {
      const response = await subscribe.mutateAsync(email.trim())
      toast.success(response.message, 5000)
      setEmail('')
    } catch (error) {
      toast.error(newsletterFailureMessage(error), 5000)
    }
  }

  const busy = subscribe.isPending
  return (
    <Paper
      withBorder
      p={{ base: 'lg', sm: 'xl' }}
      bg="dark.7"
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="md" align="center" ta="center" maw={560} mx="auto">
        <IconMail size={36} color="var(--mantine-color-signal-5)" aria-hidden />
        <Title order={2} size="h3" id={headingId}>
          {title}
        </Title>
        <Text c="dimmed">{description}</Text>
        {/* Server-rendered on /blog: a subscription made before the app has started is held for it
            (src/app/early-input.ts), never sent by the browser, which would put the address in the URL. */}
        <form
          onSubmit={submit}
          method="post"
          noValidate
          style={{ width: '100%' }}
          aria-labelledby={headingId}
          {...awaitingApp(hydrated)}
        >
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label="Email address"
              type="email"
              autoComplete="email"
              placeholder="you@company.com"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              disabled={busy}
              style={{ flex: '1 1 220px' }}
              ta="left"
            />
            <Button type="submit" loading={busy} leftSection={<IconSend size={16} aria-hidden />}>
              Subscribe
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  )
}
