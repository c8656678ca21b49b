/**
 * What the page's Content-Security-Policy must allow for Plaid Link, only when Plaid is configured
 * (PLAID_CLIENT_ID and PLAID_SECRET), per plaid.com/docs/link/web/#csp-directives: Link's one script file,
 * the frame it opens from cdn.plaid.com, and the environment's API host it talks to. Plaid's newer list adds
 * 'unsafe-inline' (or a nonce) for scripts and styles; Folio does not, so Link's script alone runs. Without
 * Plaid the policy stays 'self' only.
 */
export const PLAID_LINK_SCRIPT = "https://cdn.plaid.com/link/v2/stable/link-initialize.js";

export function plaidLinkCspSources(env: NodeJS.ProcessEnv): Record<string, string[]> | undefined {
  if (!env.PLAID_CLIENT_ID || !env.PLAID_SECRET) return undefined;
  const host = env.PLAID_ENV === "production" ? "https://production.plaid.com/" : "https://sandbox.plaid.com/";
  return { "script-src": [PLAID_LINK_SCRIPT], "frame-src": ["https://cdn.plaid.com/"], "connect-src": [host] };
}
