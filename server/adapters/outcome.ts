/** What a sending adapter reports: accepted by the provider (or the sandbox), or the failure's reason. */
export type SendOutcome = { ok: true } | { ok: false; error: string }
