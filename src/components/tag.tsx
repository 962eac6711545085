import type { HTMLAttributes, ReactNode } from 'react'
import classes from './tag.module.css'

/** The badge looks of the long marketing lists, by name (see tag.module.css). */
export type TagLook = 'filled' | 'light' | 'lightGray' | 'lightYellow' | 'outline' | 'plain'

/**
 * A one-element badge for cards repeated down a page (project and blog cards): it looks like Mantine's
 * Badge of the same variant and size, without the Badge's inline CSS variables and inner label element.
 */
export function Tag({
  look,
  size = 'md',
  className,
  children,
  ...rest
}: {
  look: TagLook
  size?: 'sm' | 'md'
  className?: string
  children: ReactNode
} & Omit<HTMLAttributes<HTMLSpanElement>, 'children' | 'className'>) {
  const names = [classes.tag, classes[look], size === 'sm' ? classes.sm : '', className ?? '']
  return (
    <span className={names.filter(Boolean).join(' ')} {...rest}>
      {children}
    </span>
  )
}
