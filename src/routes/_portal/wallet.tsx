import { Button } from '@mantine/core'
import { IconFileInvoice } from '@tabler/icons-react'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { AddFundsButton } from '@/features/payments/components/add-funds-button'
import { announceCardSetup } from '@/features/payments/card-setup-result'
import { SavedCardsTab } from '@/features/payments/components/saved-cards-tab'
import { ReceiptButton } from '@/features/receipts/components/receipt-button'
import { MyReferrals } from '@/features/referrals/components/my-referrals'
import { ReferralCodeCard } from '@/features/referrals/components/referral-code-card'
import { WalletPage } from '@/features/wallet/components/wallet-page'
import { WALLET_TABS, type WalletTab } from '@/features/wallet/tabs'
import { searchEnum } from '@/lib/search-params'
import { useCheckoutDocument } from '@/features/payments/use-checkout-document'

const CARD_SETUP_RESULTS = ['added', 'failed'] as const

export const Route = createFileRoute('/_portal/wallet')({
  // ?tab=referrals|cards opens that tab; ?card=added|failed is where the card page sends the client back.
  validateSearch: (search): { tab?: WalletTab; card?: (typeof CARD_SETUP_RESULTS)[number] } => ({
    tab: searchEnum(search.tab, WALLET_TABS),
    card: searchEnum(search.card, CARD_SETUP_RESULTS),
  }),
  component: function WalletRoute() {
    const { tab, card } = Route.useSearch()
    const navigate = Route.useNavigate()
    useCheckoutDocument()
    useEffect(() => {
      if (!card) return
      announceCardSetup(card)
      void navigate({ search: { tab: 'cards' }, replace: true })
    }, [card, navigate])
    return (
      <WalletPage
        tab={card ? 'cards' : (tab ?? 'transactions')}
        onTabChange={(next) =>
          void navigate({ search: { tab: next === 'transactions' ? undefined : next }, replace: true })
        }
        addFunds={<AddFundsButton />}
        billingHistory={
          <Button
            component={Link}
            to="/billing"
            variant="default"
            leftSection={<IconFileInvoice size={16} aria-hidden />}
          >
            Billing history
          </Button>
        }
        referralCode={<ReferralCodeCard />}
        referrals={<MyReferrals />}
        savedCards={<SavedCardsTab />}
        receipt={(orderId) => <ReceiptButton orderId={orderId} />}
      />
    )
  },
})
