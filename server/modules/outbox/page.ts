import { site } from '@/contract/site'
import { escapeHtml as escape } from '../../lib/app-shell'
import type { OutboxEntry } from './service'

const styles = `
body{margin:0;background:#0b1120;color:#f4f7fb;font:15px/1.5 Inter,system-ui,sans-serif}
main{max-width:860px;margin:0 auto;padding:32px 20px}
h1{margin:0 0 4px;font-size:28px}.lead{color:#b3bdd1;margin:0 0 20px}
.bar{display:flex;gap:16px;margin-bottom:24px}.bar a{color:#3beeac}
article{background:#162033;border:1px solid #2c3850;border-radius:12px;padding:16px 18px;margin-bottom:14px}
header{display:flex;flex-wrap:wrap;gap:8px 14px;align-items:baseline;margin-bottom:8px}
.badge{background:#00d183;color:#070b16;border-radius:6px;padding:1px 8px;font-size:12px;font-weight:700}
.badge.sms{background:#66f2bf}.to{font-weight:600}.meta{color:#8e9ab4;font-size:13px}
h2{font-size:16px;margin:0 0 8px}
pre{white-space:pre-wrap;word-break:break-word;margin:0;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace;color:#d5dbe8}
.empty{color:#b3bdd1}`

/** The sandbox outbox as a plain page: it works without the app's scripts and without JavaScript. */
export function outboxPage(entries: OutboxEntry[]): string {
  const items = entries
    .map(
      (e) => `<article>
<header><span class="badge${e.channel === 'SMS' ? ' sms' : ''}">${e.channel}</span><span class="to">${escape(e.to)}</span><time class="meta" datetime="${e.createdAt.toISOString()}">${escape(e.createdAt.toUTCString())}</time><span class="meta">${escape(e.template)} · ${escape(e.status)}</span></header>
${e.subject ? `<h2>${escape(e.subject)}</h2>` : ''}<pre>${escape(e.body)}</pre>
</article>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Sandbox outbox | ${site.name}</title><style>${styles}</style></head>
<body><main>
<h1>Sandbox outbox</h1>
<p class="lead">E-mails and text messages this server recorded instead of delivering them (sandbox mode). Newest first; this page is only served on this computer.</p>
<nav class="bar"><a href="/sandbox/outbox">Refresh</a><a href="/">Back to ${site.name}</a></nav>
${items || '<p class="empty">No messages yet.</p>'}
</main></body></html>`
}
