/**
 * What a sending adapter reports: accepted by the provider (or the sandbox), with the provider's id of
 * the message when it has one, or the failure's reason and the provider's error code when it gave one.
 */
export type SendOutcome =
  { ok: true; providerMessageId?: string } | { ok: false; error: string; code?: string }
