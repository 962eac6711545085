import { createFileRoute, redirect } from '@tanstack/react-router'
import { RegistrationWizard } from '@/features/domains/components/registration-wizard'
import { searchText } from '@/lib/search-params'
import { DomainCheckout } from '../-domain-checkout'
import { useCheckoutDocument } from '@/features/payments/use-checkout-document'

export const Route = createFileRoute('/_portal/domain-register')({
  validateSearch: (search): { domain?: string } => ({
    domain: searchText(search.domain, 253)?.toLowerCase(),
  }),
  // Without a domain there is nothing to register (spec 002 §2.4).
  beforeLoad: ({ search }) => {
    if (!search.domain) throw redirect({ to: '/domain-search', replace: true })
  },
  component: function DomainRegisterRoute() {
    const { domain } = Route.useSearch()
    useCheckoutDocument()
    return (
      <RegistrationWizard
        key={domain}
        mode={{ kind: 'register', domainName: domain ?? '' }}
        payment={(order) => <DomainCheckout order={order} />}
      />
    )
  },
})
