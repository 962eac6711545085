import { Container, Text, Title } from '@mantine/core'
import { ImageWithFallback } from '@/components/image-with-fallback'
import classes from './tech-strip.module.css'

export const TECHNOLOGIES = [
  { name: 'React', logo: '/images/tech/react.svg' },
  { name: 'TypeScript', logo: '/images/tech/typescript.svg' },
  { name: 'Node.js', logo: '/images/tech/node-js.svg' },
  { name: 'Python', logo: '/images/tech/python.svg' },
  { name: 'Flutter', logo: '/images/tech/flutter.svg' },
  { name: 'Kotlin', logo: '/images/tech/kotlin.svg' },
  { name: 'Swift', logo: '/images/tech/swift.svg' },
  { name: 'PostgreSQL', logo: '/images/tech/postgresql.svg' },
  { name: 'Docker', logo: '/images/tech/docker.svg' },
  { name: 'Kubernetes', logo: '/images/tech/kubernetes.svg' },
  { name: 'AWS', logo: '/images/tech/aws.svg' },
  { name: 'TensorFlow', logo: '/images/tech/tensorflow.svg' },
] as const

function TechItem({ name, logo, hidden }: { name: string; logo: string; hidden?: boolean }) {
  return (
    <li className={classes.item} aria-hidden={hidden || undefined}>
      {/* A logo that fails to load shows the technology's first letter instead. */}
      <ImageWithFallback
        src={logo}
        alt={hidden ? '' : `${name} logo`}
        width={40}
        height={40}
        letterFallback={name}
      />
      <Text span fw={600} c="dark.0">
        {name}
      </Text>
    </li>
  )
}

/** Twelve technologies scrolling in a 30 s loop; the list is drawn twice so the loop has no seam. */
export function TechStrip() {
  return (
    <section aria-labelledby="tech-heading" className={classes.section}>
      <Container size="xl">
        <Title order={2} size="h4" ta="center" c="dimmed" fw={600} mb="lg" id="tech-heading">
          Technologies We Work With
        </Title>
      </Container>
      <div className={classes.viewport}>
        <ul className={classes.track} data-testid="tech-strip">
          {TECHNOLOGIES.map((tech) => (
            <TechItem key={tech.name} {...tech} />
          ))}
          {TECHNOLOGIES.map((tech) => (
            <TechItem key={`${tech.name}-copy`} {...tech} hidden />
          ))}
        </ul>
      </div>
    </section>
  )
}
