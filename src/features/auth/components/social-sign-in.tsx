import { Button, Group } from '@mantine/core'
import { IconBrandGithub, IconBrandGoogle } from '@tabler/icons-react'
import { messages } from '@/contract/messages'
import { toast } from '@/components/toast'

/** Google and GitHub buttons: per spec 001 they only announce the redirect with a toast. */
export function SocialSignIn({ disabled }: { disabled?: boolean }) {
  return (
    <Group grow>
      <Button
        variant="default"
        leftSection={<IconBrandGoogle size={16} aria-hidden />}
        disabled={disabled}
        onClick={() => toast.info(messages.redirectingTo('Google'))}
      >
        Google
      </Button>
      <Button
        variant="default"
        leftSection={<IconBrandGithub size={16} aria-hidden />}
        disabled={disabled}
        onClick={() => toast.info(messages.redirectingTo('GitHub'))}
      >
        GitHub
      </Button>
    </Group>
  )
}
