import { Anchor, Button, Group } from '@mantine/core'
import {
  IconBrandFacebook,
  IconBrandGithub,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandX,
} from '@tabler/icons-react'
import { site } from '@/contract/site'

const profiles = [
  { href: site.social.linkedin, label: 'LinkedIn', Icon: IconBrandLinkedin },
  { href: site.social.facebook, label: 'Facebook', Icon: IconBrandFacebook },
  { href: site.social.x, label: 'X', Icon: IconBrandX },
  { href: site.social.instagram, label: 'Instagram', Icon: IconBrandInstagram },
  { href: site.social.github, label: 'GitHub', Icon: IconBrandGithub },
]

/**
 * The company's social profiles, each opening in a new tab: a list of labelled buttons, or (in the
 * footer) a row of icons named by their labels.
 */
export function SocialLinks({ variant = 'buttons' }: { variant?: 'buttons' | 'icons' }) {
  if (variant === 'icons') {
    return (
      <Group gap="xs">
        {profiles.map(({ href, label, Icon }) => (
          <Anchor
            key={label}
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={label}
            c="dimmed"
          >
            <Icon size={20} aria-hidden />
          </Anchor>
        ))}
      </Group>
    )
  }
  return (
    <Group gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Social links">
      {profiles.map(({ href, label, Icon }) => (
        <li key={label}>
          <Button
            component="a"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            size="sm"
            leftSection={<Icon size={16} aria-hidden />}
          >
            {label}
          </Button>
        </li>
      ))}
    </Group>
  )
}
