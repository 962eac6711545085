import { ActionIcon, Button, UnstyledButton } from '@mantine/core'
import { forwardRef, type AnchorHTMLAttributes, type ReactNode } from 'react'
import classes from './card-button.module.css'

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'children'>

const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ')

/**
 * A link drawn as Mantine's Button (variant "light", size md, a right section), for cards repeated down
 * a page: the same elements and Mantine classes, with the Button's CSS variables in a class
 * (card-button.module.css) instead of inline on each element (issue 31).
 */
export function CardButtonLink({
  rightSection,
  className,
  children,
  ...rest
}: AnchorProps & { rightSection?: ReactNode; children: ReactNode }) {
  return (
    <UnstyledButton
      component="a"
      {...rest}
      className={join('mantine-active', Button.classes.root, 'mantine-Button-root', classes.light, className)}
      data-variant="light"
      data-with-right-section={rightSection ? true : undefined}
    >
      <span className={`${Button.classes.inner} mantine-Button-inner`}>
        <span className={`${Button.classes.label} mantine-Button-label`}>{children}</span>
        {rightSection && (
          <span className={`${Button.classes.section} mantine-Button-section`} data-position="right">
            {rightSection}
          </span>
        )}
      </span>
    </UnstyledButton>
  )
}

/**
 * A link drawn as Mantine's ActionIcon (variant "default", size lg), for cards repeated down a page,
 * with its CSS variables in a class instead of inline (issue 31). Forwards its ref (Tooltip's target).
 */
export const CardIconLink = forwardRef<HTMLAnchorElement, AnchorProps & { children: ReactNode }>(
  function CardIconLink({ className, children, ...rest }, ref) {
    // Tooltip hands its target a className and event handlers: kept, beside this link's own classes.
    return (
      <UnstyledButton
        component="a"
        ref={ref}
        {...rest}
        className={join(
          'mantine-active',
          ActionIcon.classes.root,
          'mantine-ActionIcon-root',
          classes.icon,
          className,
        )}
        data-variant="default"
        data-size="lg"
      >
        <span className={`${ActionIcon.classes.icon} mantine-ActionIcon-icon`}>{children}</span>
      </UnstyledButton>
    )
  },
)
