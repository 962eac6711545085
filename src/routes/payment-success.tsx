import { createFileRoute, redirect } from '@tanstack/react-router'
import { searchId } from '@/lib/search-params'

/** Spec 002 §2.1: /payment-success?order_id={id} reaches the same success page as /payment/success/{id}. */
export const Route = createFileRoute('/payment-success')({
  validateSearch: (search): { order_id?: number } => ({ order_id: searchId(search.order_id) }),
  beforeLoad: ({ search }) => {
    if (search.order_id === undefined) throw redirect({ to: '/payment/success', replace: true })
    throw redirect({
      to: '/payment/success/$orderId',
      params: { orderId: String(search.order_id) },
      replace: true,
    })
  },
})
