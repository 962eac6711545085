import { Button, Container } from '@mantine/core'
import { Link, type LinkProps } from '@tanstack/react-router'
import { ApiError } from '@/lib/api-client'
import { BackLink } from './back-link'
import { EmptyState, ErrorPanel, LoadingPanel } from './status-panels'

interface DetailPageStatusProps {
  /** The page's query while it has no data: still loading, or failed. */
  query: { isPending: boolean; error: unknown }
  /** The list the item belongs to: the back link and the not-found action go there. */
  listPath: NonNullable<LinkProps['to']>
  backLabel: string
  size: 'lg' | 'xl'
  loadingLabel: string
  /** Shown for a 404; its action is a link to the list. */
  notFound: { title: string; message: string; actionLabel: string }
  /** Shown for any other failure, with a retry (a reload unless `onRetry` is given). */
  errorMessage: string
  onRetry?: () => void
}

/** What a detail page shows before it has its item: loading, 'not found' for a 404, or the error. */
export function DetailPageStatus({
  query,
  listPath,
  backLabel,
  size,
  loadingLabel,
  notFound,
  errorMessage,
  onRetry,
}: DetailPageStatusProps) {
  if (query.isPending) {
    return (
      <Container size={size} py={48}>
        <LoadingPanel label={loadingLabel} />
      </Container>
    )
  }
  const missing = query.error instanceof ApiError && query.error.status === 404
  return (
    <Container size={size} py={48}>
      <BackLink to={listPath}>{backLabel}</BackLink>
      {missing ? (
        <EmptyState
          title={notFound.title}
          message={notFound.message}
          action={
            <Button component={Link} to={listPath}>
              {notFound.actionLabel}
            </Button>
          }
        />
      ) : (
        <ErrorPanel message={errorMessage} onRetry={onRetry} />
      )}
    </Container>
  )
}
