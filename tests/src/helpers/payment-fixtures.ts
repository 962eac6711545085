import type { Order, PaymentsConfig, SavedPaymentMethod } from '../../../src/contract/payments'
import type { Referral, ReferralCode, ReferralStats } from '../../../src/contract/referrals'
import type { Wallet, WalletTransaction } from '../../../src/contract/wallet'

export function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 41,
    kind: 'app_package',
    status: 'pending',
    description: 'SMS Msg Basic (1 Year)',
    amount: 100,
    currency: 'USD',
    gateway: null,
    gateway_reference: null,
    charge: null,
    fulfilled: false,
    failure_reason: null,
    idempotency_key: 'checkout-key-0001',
    created_at: '2026-11-20T10:00:00Z',
    paid_at: null,
    ...overrides,
  }
}

export function savedCard(overrides: Partial<SavedPaymentMethod> = {}): SavedPaymentMethod {
  return {
    id: 7,
    stripe_payment_method_id: 'pm_sandbox_4242',
    card_brand: 'visa',
    card_last_four: '4242',
    card_exp_month: 12,
    card_exp_year: 2030,
    is_default: true,
    is_active: true,
    created_at: '2026-11-01T10:00:00Z',
    ...overrides,
  }
}

/** Every gateway in its sandbox, as a server without provider keys answers. */
export const sandboxConfig: PaymentsConfig = {
  gateways: [
    { name: 'stripe', sandbox: true, currency: 'USD' },
    { name: 'paymob', sandbox: true, currency: 'EGP' },
    { name: 'fawry', sandbox: true, currency: 'EGP' },
  ],
  stripe_publishable_key: null,
  usd_to_egp_rate: 30,
}

export const referralStats: ReferralStats = {
  total_referrals: 3,
  pending_referrals: 1,
  completed_referrals: 1,
  total_rewards: 10,
  pending_rewards: 10,
  pending_reward_items: [
    { referral_id: 7, friend: 'Nour Hany', amount: 10, available_at: '2026-12-11T10:00:00.000Z' },
  ],
}

export function transaction(overrides: Partial<WalletTransaction> = {}): WalletTransaction {
  return {
    id: 5,
    created_at: '2026-11-20T10:00:00Z',
    transaction_type: 'deposit',
    amount: 50,
    description: 'Wallet top-up',
    status: 'completed',
    source: 'topup',
    order_id: 41,
    ...overrides,
  }
}

export function wallet(overrides: Partial<Wallet> = {}): Wallet {
  return {
    balance: 120.5,
    currency: 'USD',
    transactions: [transaction()],
    referral_code: 'DANA2026',
    referral_stats: referralStats,
    referral_earnings: 10,
    saved_cards: [savedCard()],
    ...overrides,
  }
}

export const referralCode: ReferralCode = {
  code: 'DANA2026',
  is_active: true,
  share_url: 'http://localhost/register?ref=DANA2026',
}

export function referral(overrides: Partial<Referral> = {}): Referral {
  return {
    id: 1,
    referred_email: 'sami@example.com',
    status: 'registered',
    created_at: '2026-11-02T10:00:00Z',
    registered_at: '2026-11-03T10:00:00Z',
    referred_user: { first_name: 'Sami', last_name: 'Haddad' },
    ...overrides,
  }
}
