import { Title } from '@mantine/core'
import type { ReactNode } from 'react'
import cardText from './card-text.module.css'

/**
 * A card's heading, drawn as Mantine's Title of the given order with size="h4": the same element and
 * classes, with the Title's CSS variables in a class (card-text.module.css) instead of inline on each
 * of the cards repeated down a list page (issue 31). `tight` is line-height 1.3.
 */
export function CardTitle({
  order,
  tight,
  children,
}: {
  order: 2 | 3 | 4
  tight?: boolean
  children: ReactNode
}) {
  const Heading = `h${order}` as const
  const names = [Title.classes.root, 'mantine-Title-root', cardText.title, tight ? cardText.titleTight : '']
  return (
    <Heading className={names.filter(Boolean).join(' ')} data-size="h4" data-order={order}>
      {children}
    </Heading>
  )
}
