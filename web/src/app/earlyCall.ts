/**
 * A visitor's first API call, started by the build's preload script (build/routePreload.ts) while the app's
 * script is still on its way, and handed here to the page's own request instead of a second one. Only a GET
 * without credentials to the very same path and query takes it, once; anything else goes to the network.
 */
export interface EarlyCall {
  /** path and query, as the page asks for it */
  url: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    folioEarlyCall?: EarlyCall;
  }
}

function pathOf(input: RequestInfo | URL): string | null {
  try {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    return url.origin === window.location.origin ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}

/** `fetch`, except that the request the preload script already made is answered with its response. */
export function fetchWithEarlyCall(...args: [input: RequestInfo | URL, init?: RequestInit]): Promise<Response> {
  const [input, init] = args;
  const early = typeof window === "undefined" ? undefined : window.folioEarlyCall;
  if (early) {
    const request = input instanceof Request ? input : null;
    const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
    const authorized = request?.headers.has("authorization") || new Headers(init?.headers).has("authorization");
    if (method === "GET" && !authorized && pathOf(input) === early.url) {
      window.folioEarlyCall = undefined;
      // a failed early call is made again, as if it had never been started
      return early.response.then(
        (response) => (response.ok ? response : fetch(...args)),
        () => fetch(...args),
      );
    }
  }
  return fetch(...args);
}
