import type { StaffOrderRow } from '../../../src/contract/payments-staff'

/** A paid wallet top-up of Northwind, as the staff orders list shows it (the order view adds to it). */
export const paidTopUp: StaffOrderRow = {
  id: 12,
  kind: 'wallet_topup',
  status: 'paid',
  description: 'Wallet top-up of $25.00',
  amount: 25,
  currency: 'USD',
  gateway: 'stripe',
  gateway_reference: 'pi_sandbox_1',
  charge: { amount: 25, currency: 'USD', rate: 1 },
  fulfilled: true,
  failure_reason: null,
  idempotency_key: 'k',
  created_at: '2026-11-24T10:00:00Z',
  paid_at: '2026-11-24T10:01:00Z',
  client: {
    client_id: 2,
    company_name: 'Northwind Logistics',
    user_id: 4,
    email: 'n@example.com',
    name: 'Omar',
  },
  refund: null,
}
