import { createFileRoute, redirect } from '@tanstack/react-router'
import { readRecordId } from '@/contract/ids'
import { RegistrationWizard } from '@/features/domains/components/registration-wizard'
import { DomainCheckout } from '../-domain-checkout'
import { useCheckoutDocument } from '@/features/payments/use-checkout-document'

export const Route = createFileRoute('/_portal/domain/$id_/renew')({
  beforeLoad: ({ params }) => {
    if (readRecordId(params.id) === null) throw redirect({ to: '/dashboard', search: { tab: 'domains' } })
  },
  component: function DomainRenewRoute() {
    const { id } = Route.useParams()
    useCheckoutDocument()
    const domainId = readRecordId(id) ?? 0
    return (
      <RegistrationWizard
        key={domainId}
        mode={{ kind: 'renew', domainId }}
        payment={(order) => <DomainCheckout order={order} />}
      />
    )
  },
})
