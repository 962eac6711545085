import { Container } from '@mantine/core'
import { IconMessageCircle } from '@tabler/icons-react'
import { CallToAction } from '@/components/call-to-action'
import classes from './home.module.css'

export function ClosingCta() {
  return (
    <Container size="lg" pb={{ base: 24, md: 48 }} className={classes.deferredSection}>
      <CallToAction
        variant="highlight"
        headingId="cta-heading"
        title="Have a software idea? Let's make it real."
        text="Tell us what you want to build. You get a clear proposal with scope, timeline and cost within 48 hours."
        actions={[
          { label: 'Start Your Project', to: '/start-project', icon: 'arrow' },
          { label: 'Talk to Us', to: '/contact', variant: 'default', icon: IconMessageCircle },
        ]}
      />
    </Container>
  )
}
