import { createFileRoute } from '@tanstack/react-router'
import { AddFundsButton } from '@/features/payments/components/add-funds-button'
import { SavedCardsTab } from '@/features/payments/components/saved-cards-tab'
import { ReceiptButton } from '@/features/receipts/components/receipt-button'
import { MyReferrals } from '@/features/referrals/components/my-referrals'
import { ReferralCodeCard } from '@/features/referrals/components/referral-code-card'
import { WalletPage } from '@/features/wallet/components/wallet-page'
import { WALLET_TABS, type WalletTab } from '@/features/wallet/tabs'
import { searchEnum } from '@/lib/search-params'

export const Route = createFileRoute('/_portal/wallet')({
  // ?tab=referrals|cards opens that tab; anything else opens Transactions.
  validateSearch: (search): { tab?: WalletTab } => ({ tab: searchEnum(search.tab, WALLET_TABS) }),
  component: function WalletRoute() {
    const { tab } = Route.useSearch()
    const navigate = Route.useNavigate()
    return (
      <WalletPage
        tab={tab ?? 'transactions'}
        onTabChange={(next) =>
          void navigate({ search: { tab: next === 'transactions' ? undefined : next }, replace: true })
        }
        addFunds={<AddFundsButton />}
        referralCode={<ReferralCodeCard />}
        referrals={<MyReferrals />}
        savedCards={<SavedCardsTab />}
        receipt={(orderId) => <ReceiptButton orderId={orderId} />}
      />
    )
  },
})
