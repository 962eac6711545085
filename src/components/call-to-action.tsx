import { Button, Group, Paper, Stack, Text, Title, type MantineSpacing, type StyleProp } from '@mantine/core'
import { IconArrowRight, type Icon } from '@tabler/icons-react'
import { Link, type LinkProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import classes from './call-to-action.module.css'

export interface CallToActionLink {
  label: string
  to: NonNullable<LinkProps['to']>
  /** 'arrow' follows the label with an arrow; an icon goes before it; none: text only. */
  icon?: 'arrow' | Icon
  variant?: 'filled' | 'default' | 'light'
}

interface CallToActionProps {
  title: ReactNode
  /** The sentence under the title. */
  text?: ReactNode
  /** Anything shown between the text and the buttons. */
  children?: ReactNode
  actions: CallToActionLink[]
  /** Makes the band a section landmark named by its heading. */
  headingId?: string
  /** 'highlight' is the home page's larger band on a gradient. */
  variant?: 'band' | 'highlight'
  mt?: StyleProp<MantineSpacing>
}

/** The centred band that closes a page: a title, a sentence and links to the next step. */
export function CallToAction({
  title,
  text,
  children,
  actions,
  headingId,
  variant = 'band',
  mt,
}: CallToActionProps) {
  const highlight = variant === 'highlight'
  const buttonSize = highlight ? 'lg' : 'md'
  const arrowSize = highlight ? 18 : 16
  return (
    <Paper
      {...(highlight
        ? { className: classes.highlight, p: { base: 'xl', md: 64 } }
        : { withBorder: true, bg: 'dark.7', p: { base: 'lg', sm: 48 } })}
      {...(headingId ? { component: 'section', 'aria-labelledby': headingId } : {})}
      ta="center"
      mt={mt}
    >
      <Stack align="center" gap={highlight ? 0 : 'md'}>
        <Title order={2} id={headingId} {...(highlight ? { fz: { base: 28, md: 40 } } : { size: 'h3' })}>
          {title}
        </Title>
        {text && (
          <Text c={highlight ? 'dark.0' : 'dimmed'} maw={560} {...(highlight ? { mt: 'sm', mb: 'xl' } : {})}>
            {text}
          </Text>
        )}
        {children}
        <Group justify="center" gap="md">
          {actions.map(({ label, to, icon: ButtonIcon, variant: buttonVariant }) => (
            <Button
              key={label}
              component={Link}
              to={to}
              size={buttonSize}
              variant={buttonVariant}
              leftSection={
                ButtonIcon && ButtonIcon !== 'arrow' ? <ButtonIcon size={18} aria-hidden /> : undefined
              }
              rightSection={
                ButtonIcon === 'arrow' ? <IconArrowRight size={arrowSize} aria-hidden /> : undefined
              }
            >
              {label}
            </Button>
          ))}
        </Group>
      </Stack>
    </Paper>
  )
}
