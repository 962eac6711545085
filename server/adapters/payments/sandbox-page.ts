import { site } from '@/contract/site'
import type { PaymentGatewayName } from '@/contract/payments'
import { escapeHtml as escape } from '../../lib/app-shell'

/** What a sandbox checkout page shows. */
export interface SandboxPageModel {
  gateway: PaymentGatewayName
  kind: 'pay' | 'setup'
  description: string
  amountMinor: number
  currency: 'USD' | 'EGP'
  /** Where the card form posts. */
  action: string
  cancelUrl: string
  cards: { succeeds: string; declined: string; authenticate: string }
}

/**
 * The sandbox takes the payment but never sends its notification (as when a gateway's callback is lost):
 * only reconciliation, asking the sandbox how the checkout stands, can then fulfil the order.
 */
export const SANDBOX_LOSE_NOTIFICATION = 'Pay, but lose the notification'

const gatewayNames: Record<PaymentGatewayName, string> = { stripe: 'Card', paymob: 'Paymob', fawry: 'Fawry' }

const styles = `
body{margin:0;background:#0b1120;color:#f4f7fb;font:15px/1.5 Inter,system-ui,sans-serif}
main{max-width:480px;margin:0 auto;padding:32px 20px}
h1{margin:0 0 4px;font-size:24px}.lead{color:#b3bdd1;margin:0 0 20px}
.badge{display:inline-block;background:#f5b301;color:#070b16;border-radius:6px;padding:1px 8px;font-size:12px;font-weight:700;margin-bottom:12px}
.amount{font-size:28px;font-weight:700;margin:8px 0 20px}
form{background:#162033;border:1px solid #2c3850;border-radius:12px;padding:18px}
label{display:block;margin:0 0 12px;font-size:14px;color:#d5dbe8}
input{display:block;width:100%;box-sizing:border-box;margin-top:4px;padding:10px;border-radius:8px;border:1px solid #2c3850;background:#0b1120;color:#f4f7fb;font:inherit}
.row{display:flex;gap:10px}.row label{flex:1}
button{font:inherit;font-weight:600;border:0;border-radius:8px;padding:10px 16px;cursor:pointer}
.pay{background:#00d183;color:#070b16;width:100%}.secondary{background:#2c3850;color:#f4f7fb}
.error{background:#5c1a22;border:1px solid #c2410c;border-radius:8px;padding:10px;margin-bottom:14px}
.cards{color:#b3bdd1;font-size:13px;margin-top:18px}.cards code{color:#f4f7fb}
a{color:#3beeac}.actions{display:flex;gap:10px;margin-top:12px}`

function formatAmount(minor: number, currency: string): string {
  return `${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`
}

function shell(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(title)} | ${escape(site.name)}</title><style>${styles}</style></head>
<body><main>
<span class="badge">Sandbox</span>
${body}
</main></body></html>`
}

function heading(model: SandboxPageModel): string {
  const title =
    model.kind === 'setup' ? 'Add a card' : `Pay with ${gatewayNames[model.gateway]} (test checkout)`
  const amount =
    model.kind === 'pay'
      ? `<p class="amount">${escape(formatAmount(model.amountMinor, model.currency))}</p>`
      : ''
  return `<h1>${escape(title)}</h1>
<p class="lead">${escape(model.description)}. No money moves: this is the sandbox standing in for the payment provider.</p>
${amount}`
}

function field(name: string, label: string, values: Record<string, string>, extra: string): string {
  return `<label>${escape(label)}<input name="${name}" value="${escape(values[name] ?? '')}" ${extra}></label>`
}

/** The hosted card form; `error` and the typed values come back after a refused submit. */
export function sandboxCheckoutPage(
  model: SandboxPageModel | null,
  values: Record<string, string>,
  error: string | null,
): string {
  if (!model)
    return shell(
      'Checkout not found',
      `<h1>Checkout not found</h1><p class="error" role="alert">${escape(error ?? '')}</p><p><a href="/">Back to ${escape(site.name)}</a></p>`,
    )
  const year = new Date().getUTCFullYear()
  return shell(
    model.kind === 'setup' ? 'Add a card' : 'Checkout',
    `${heading(model)}
<form method="post" action="${escape(model.action)}">
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
${field('card_number', 'Card number', values, 'inputmode="numeric" autocomplete="cc-number" maxlength="23" required')}
${field('cardholder_name', 'Cardholder name (optional)', values, 'autocomplete="cc-name" maxlength="100"')}
<div class="row">
${field('exp_month', 'Month', values, 'inputmode="numeric" placeholder="MM" maxlength="2" required')}
${field('exp_year', 'Year', values, `inputmode="numeric" placeholder="${year + 2}" maxlength="4" required`)}
${field('cvc', 'CVC', values, 'inputmode="numeric" autocomplete="cc-csc" maxlength="4" required')}
</div>
<button class="pay" type="submit">${model.kind === 'setup' ? 'Save card' : `Pay ${escape(formatAmount(model.amountMinor, model.currency))}`}</button>
${model.kind === 'pay' ? `<div class="actions"><button class="secondary" type="submit" name="notify" value="lose">${escape(SANDBOX_LOSE_NOTIFICATION)}</button></div>` : ''}
<div class="actions"><a href="${escape(model.cancelUrl)}">Cancel and return</a></div>
</form>
<div class="cards"><p>Test cards (any future expiry, any CVC):</p><ul>
<li><code>${model.cards.succeeds}</code> succeeds</li>
<li><code>${model.cards.declined}</code> is declined</li>
<li><code>${model.cards.authenticate}</code> asks for an extra confirmation step</li>
</ul></div>`,
  )
}

/** The extra confirmation step (3-D Secure in the real world). */
export function sandboxConfirmPage(
  model: SandboxPageModel,
  action: string,
  hidden: Record<string, string>,
): string {
  const inputs = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('')
  return shell(
    'Confirm the payment',
    `${heading(model)}
<form method="post" action="${escape(action)}">
<p>Your bank asks you to confirm ${model.kind === 'setup' ? 'this card' : 'this payment'}.</p>
${inputs}
<div class="actions"><button class="pay" type="submit" name="action" value="complete">Complete authentication</button>
<button class="secondary" type="submit" name="action" value="fail">Fail authentication</button></div>
</form>`,
  )
}
