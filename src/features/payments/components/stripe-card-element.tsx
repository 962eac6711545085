import { Alert, Card, Text } from '@mantine/core'
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js'
import { loadStripe, type Stripe } from '@stripe/stripe-js'
import { useEffect, useState } from 'react'
import { paymentMessages } from '@/contract/payments'
import type { StripeConfirm } from '../stripe-confirm'

/**
 * Stripe Elements' card field (postal code hidden, spec 001 §9). This module is only imported by
 * checkout screens when Stripe is configured, so Stripe.js is fetched from Stripe's host there and
 * nowhere else.
 */
const stripeByKey = new Map<string, Promise<Stripe | null>>()
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = stripeByKey.get(publishableKey)
  if (!promise) {
    promise = loadStripe(publishableKey)
    stripeByKey.set(publishableKey, promise)
  }
  return promise
}

interface StripeCardElementProps {
  publishableKey: string
  /** Receives the confirm functions once Stripe.js and the card field are ready (null until then). */
  onReady: (confirm: StripeConfirm | null) => void
}

export default function StripeCardElement({ publishableKey, onReady }: StripeCardElementProps) {
  const [failed, setFailed] = useState(false)
  const [stripe] = useState(() =>
    stripeFor(publishableKey).catch(() => {
      setFailed(true)
      return null
    }),
  )
  if (failed) {
    return (
      <Alert color="red" variant="light" role="alert">
        {paymentMessages.stripeNotLoaded}
      </Alert>
    )
  }
  return (
    <Elements stripe={stripe}>
      <CardField onReady={onReady} />
    </Elements>
  )
}

function CardField({ onReady }: { onReady: StripeCardElementProps['onReady'] }) {
  const stripe = useStripe()
  const elements = useElements()
  const [mounted, setMounted] = useState(false)
  useEffect(() => {
    if (!stripe || !elements || !mounted) {
      onReady(null)
      return
    }
    const card = () => elements.getElement(CardElement)
    onReady({
      async pay(clientSecret, save) {
        const element = card()
        if (!element) return { error: paymentMessages.cardElementNotFound }
        const result = await stripe.confirmCardPayment(clientSecret, {
          payment_method: { card: element },
          ...(save ? { setup_future_usage: 'on_session' as const } : {}),
        })
        return result.error ? { error: result.error.message ?? paymentMessages.paymentFailed } : {}
      },
      async setup(clientSecret) {
        const element = card()
        if (!element) return { error: paymentMessages.cardElementNotFound }
        const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card: element } })
        return result.error ? { error: result.error.message ?? paymentMessages.paymentFailed } : {}
      },
    })
    return () => onReady(null)
  }, [stripe, elements, mounted, onReady])
  return (
    <Card withBorder padding="md">
      {!mounted && (
        <Text size="sm" c="dimmed">
          {paymentMessages.preparingForm}
        </Text>
      )}
      <CardElement
        onReady={() => setMounted(true)}
        options={{
          hidePostalCode: true,
          style: { base: { color: '#e9ecef', fontSize: '16px', '::placeholder': { color: '#868e96' } } },
        }}
      />
    </Card>
  )
}
