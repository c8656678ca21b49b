/**
 * Plaid Link in the page: its script is loaded from Plaid's CDN only when the user asks to connect (the
 * server's Content-Security-Policy allows that one file when Plaid is configured), then `Plaid.create`
 * opens Link with the server's link token. Resolves with what Link's onSuccess gives, or null when the
 * user closes Link. A page that already has `window.Plaid` (a test double) uses it as it is.
 */
import type { LinkSuccess } from "./brokerageApi.ts";

export const PLAID_LINK_SCRIPT = "https://cdn.plaid.com/link/v2/stable/link-initialize.js";

interface PlaidHandler {
  open(): void;
  destroy?(): void;
}
interface PlaidGlobal {
  create(config: {
    token: string;
    onSuccess: (publicToken: string, metadata: LinkSuccess["metadata"]) => void;
    onExit: (error: unknown) => void;
  }): PlaidHandler;
}

declare global {
  interface Window {
    Plaid?: PlaidGlobal;
  }
}

export class LinkUnavailable extends Error {}

let loading: Promise<PlaidGlobal> | null = null;

function loadScript(): Promise<PlaidGlobal> {
  if (window.Plaid) return Promise.resolve(window.Plaid);
  loading ??= new Promise<PlaidGlobal>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = PLAID_LINK_SCRIPT;
    script.async = true;
    script.onload = () => (window.Plaid ? resolve(window.Plaid) : reject(new LinkUnavailable("Plaid Link did not start")));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new LinkUnavailable("Plaid Link could not be loaded"));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export async function openPlaidLink(token: string): Promise<LinkSuccess | null> {
  const plaid = await loadScript();
  return new Promise((resolve) => {
    const handler = plaid.create({
      token,
      onSuccess: (public_token, metadata) => {
        handler.destroy?.();
        resolve({ public_token, metadata: metadata ?? null });
      },
      onExit: () => {
        handler.destroy?.();
        resolve(null);
      },
    });
    handler.open();
  });
}
