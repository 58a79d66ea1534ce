/** Sandbox constants both sides use (agents.md §2): lifetimes in seconds, and the mask shown for secret values. */
export const SANDBOX_DEFAULT_LIFETIME_S = 3600;
export const SANDBOX_MAX_LIFETIME_S = 86_400;
/** Shown instead of a secret value (MCP headers and environment); sending it back keeps the stored value. */
export const SECRET_MASK = "********";
