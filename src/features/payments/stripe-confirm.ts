/** What the Stripe card field offers checkout once it is ready: confirm a payment or a card setup. */
export interface StripeConfirm {
  pay(clientSecret: string, save: boolean): Promise<{ error?: string }>
  setup(clientSecret: string): Promise<{ error?: string }>
}
