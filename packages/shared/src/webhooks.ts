/** The events a webhook can subscribe to (wire-facts §13), each a flag of the webhook, in the settings page's order. */
export const WEBHOOK_EVENTS = ["project", "issue", "module", "cycle", "issue_comment"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
