import { Group, Switch, type MantineSpacing } from '@mantine/core'
import { domainMessages, type Domain } from '@/contract/domains'
import { toast } from '@/components/toast'
import { useSetDomainLock } from '../api/set-domain-lock'
import { useToggleAutoRenew } from '../api/toggle-auto-renew'
import { errorMessage } from '../error-message'

/**
 * A domain's Auto-renew and lock switches, on its card in My Domains and on its Overview tab: each
 * change is toasted, with the server's own words when it refuses one.
 */
export function DomainSwitches({
  domain,
  online,
  lockLabel,
  gap,
}: {
  domain: Domain
  online: boolean
  lockLabel: string
  gap: MantineSpacing
}) {
  const toggleAutoRenew = useToggleAutoRenew(domain.id)
  const setLock = useSetDomainLock(domain.id)
  return (
    <Group gap={gap}>
      <Switch
        label="Auto-renew"
        checked={domain.auto_renew}
        disabled={!online || toggleAutoRenew.isPending}
        onChange={() =>
          toggleAutoRenew.mutate(undefined, {
            onSuccess: () => toast.success(domainMessages.autoRenewUpdated),
            onError: (e) => toast.error(errorMessage(e, domainMessages.autoRenewFailed)),
          })
        }
      />
      <Switch
        label={lockLabel}
        checked={domain.locked}
        disabled={!online || setLock.isPending}
        onChange={() =>
          setLock.mutate(!domain.locked, {
            onSuccess: (d) => toast.success(d.locked ? domainMessages.locked : domainMessages.unlocked),
            onError: (e) => toast.error(errorMessage(e, domainMessages.lockFailed)),
          })
        }
      />
    </Group>
  )
}
