/** The payment result pages' texts (spec 002 §2.10); only these pages use them. */
export const paymentResultTexts = {
  successTitle: 'Payment Successful!',
  successLead: 'Thank you! Your payment has been received.',
  confirmations: [
    { title: 'Payment confirmed', text: 'The payment provider has confirmed your payment.' },
    { title: 'Order processing', text: 'We are completing your order now.' },
    { title: 'Confirmation email sent', text: 'A receipt is on its way to your inbox.' },
  ],
  pendingTitle: 'Confirming your payment...',
  pendingLead:
    "We are waiting for the payment provider's confirmation. This page updates by itself as soon as it arrives.",
  missingLead: 'We could not find this order in your account. If you were charged, please contact support.',
  questions: 'Questions about your order? Write to us:',
  failTitle: 'Payment Failed',
  failLead: "We couldn't complete your payment.",
  causesTitle: 'Possible causes',
  causes: [
    'Insufficient funds on the card or account',
    'Incorrect card number, expiry date or security code',
    'The card was declined or blocked by your bank',
    'The payment was cancelled or timed out',
    'A temporary connection problem',
  ],
  orderSaved: 'Your order has been saved. You can try the payment again at any time.',
  needHelp: 'Need help? Our support team is here for you.',
} as const
