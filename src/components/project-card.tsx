import { Box, Card, Tooltip } from '@mantine/core'
import { IconArrowRight, IconBrandApple, IconBrandGooglePlay, IconWorld } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { countryName } from '@/contract/countries'
import {
  DEFAULT_PROJECT_TYPE,
  isFeaturedOrder,
  PROJECT_LIMITS,
  projectSlug,
  type ProjectCountry,
  type ProjectListItem,
} from '@/contract/projects'
import { limitList, projectStoreLinks } from '@/lib/project-links'
import { useAppNavigation } from './app-link'
import { CardButtonLink, CardIconLink } from './card-button'
import { CardTitle } from './card-title'
import { CountryFlag } from './country-flag'
import { ImageWithFallback } from './image-with-fallback'
import cardText from './card-text.module.css'
import classes from './project-card.module.css'
import { Tag } from './tag'

/** Up to `limit` flags, then '+N' (spec 000 §9: 2 on cards, 3 in the detail hero). */
export function CountryFlags({ countries, limit }: { countries: ProjectCountry[]; limit: number }) {
  const { shown, extra } = limitList(countries, limit)
  if (countries.length === 0) return null
  return (
    <div className={`${classes.row} ${classes.flags}`} data-testid="country-flags">
      {shown.map((country) => {
        const label = countryName(country.code) || country.name || 'Unknown country'
        return (
          <Tooltip key={country.id} label={label} withArrow>
            <span style={{ display: 'inline-flex' }}>
              <CountryFlag code={country.code} />
            </span>
          </Tooltip>
        )
      })}
      {extra > 0 && (
        <span className={`${classes.note} ${classes.strong}`} aria-label={`${extra} more countries`}>
          +{extra}
        </span>
      )}
    </div>
  )
}

function StoreIcon({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  return (
    <Tooltip label={label} withArrow>
      <CardIconLink href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
        {children}
      </CardIconLink>
    </Tooltip>
  )
}

/**
 * A portfolio card (spec 000 §2): banner, 'Featured' for order ≤ 3, year, type, 2 flags + '+N', name,
 * description, 3 tools + '+N more', 'View Details', store and website icons.
 */
export function ProjectCard({
  item,
  headingOrder = 3,
  eagerImage,
  deferred,
}: {
  item: ProjectListItem
  headingOrder?: 2 | 3 | 4
  eagerImage?: boolean
  /** Below the first screen of a long list: drawn only when it nears the viewport. */
  deferred?: boolean
}) {
  const { project } = item
  const tools = limitList(item.tech_tools, PROJECT_LIMITS.cardTools)
  const links = projectStoreLinks(item)
  const description = item.short_description || project.description
  const navigation = useAppNavigation()
  const href = `/projects/${encodeURIComponent(projectSlug(project))}`
  return (
    <Card
      component="article"
      h="100%"
      padding={0}
      aria-label={project.name}
      data-testid="project-card"
      className={deferred ? classes.deferred : undefined}
    >
      <Box pos="relative">
        <ImageWithFallback
          src={item.banner_image}
          alt={`${project.name} banner`}
          width={640}
          height={360}
          eager={eagerImage}
          style={{ display: 'block', width: '100%' }}
        />
        {isFeaturedOrder(item.order) && (
          <Tag look="filled" className={classes.featured}>
            Featured
          </Tag>
        )}
      </Box>
      <div className={classes.body}>
        <div className={`${classes.row} ${classes.between}`}>
          <div className={`${classes.row} ${classes.wrap}`}>
            {item.year !== null && <Tag look="lightGray">{item.year}</Tag>}
            <Tag look="outline">{project.type || DEFAULT_PROJECT_TYPE}</Tag>
          </div>
          <CountryFlags countries={project.countries} limit={PROJECT_LIMITS.cardFlags} />
        </div>
        <CardTitle order={headingOrder}>{project.name}</CardTitle>
        <p className={cardText.summary}>{description}</p>
        {item.tech_tools.length > 0 && (
          <div className={`${classes.row} ${classes.wrap} ${classes.tight}`} aria-label="Technologies">
            {tools.shown.map((tool) => (
              <Tag key={tool.id} look="plain">
                {tool.name}
              </Tag>
            ))}
            {tools.extra > 0 && <span className={classes.note}>+{tools.extra} more</span>}
          </div>
        )}
        <div className={`${classes.row} ${classes.between} ${classes.footer}`}>
          <CardButtonLink
            href={href}
            onClick={navigation(href)}
            rightSection={<IconArrowRight size={16} aria-hidden />}
            aria-label={`View Details: ${project.name}`}
          >
            View Details
          </CardButtonLink>
          <div className={`${classes.row} ${classes.tight}`}>
            {links.playStore && (
              <StoreIcon href={links.playStore} label={`${project.name} on Google Play`}>
                <IconBrandGooglePlay size={18} aria-hidden />
              </StoreIcon>
            )}
            {links.appStore && (
              <StoreIcon href={links.appStore} label={`${project.name} on the App Store`}>
                <IconBrandApple size={18} aria-hidden />
              </StoreIcon>
            )}
            {links.website && (
              <StoreIcon href={links.website} label={`${project.name} website`}>
                <IconWorld size={18} aria-hidden />
              </StoreIcon>
            )}
          </div>
        </div>
      </div>
    </Card>
  )
}
