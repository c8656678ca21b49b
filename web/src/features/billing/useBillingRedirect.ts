/**
 * Checkout and portal, as the spec says (§8): on success the browser goes to the session's URL; when the
 * server answers with an error, an alert says 'Error: ' plus its words; anything else (the network failed,
 * a reply without words) is only logged.
 */
import { replyError } from "../../app/replyError.ts";
import { useCreateCheckoutSessionMutation, useCreatePortalSessionMutation } from "./billingApi.ts";
import { goTo } from "./redirect.ts";

type Outcome = { data: { url: string } } | { error: unknown };

function follow(what: string, result: Outcome): void {
  if ("data" in result) {
    goTo(result.data.url);
    return;
  }
  const text = replyError(result.error)?.message;
  if (text) window.alert(`Error: ${text}`);
  else console.error(`billing: ${what} failed`, result.error);
}

export function useBillingRedirect() {
  const [checkout, checkoutState] = useCreateCheckoutSessionMutation();
  const [portal, portalState] = useCreatePortalSessionMutation();
  return {
    upgrade: async (priceId: string) => follow("checkout", await checkout(priceId)),
    manage: async () => follow("portal", await portal()),
    busy: checkoutState.isLoading || portalState.isLoading,
  };
}
