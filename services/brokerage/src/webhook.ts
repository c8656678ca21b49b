/**
 * What a verified Plaid webhook does (plaid.com/docs/api/products/investments/#holdings-default_update,
 * /api/items/#error): HOLDINGS DEFAULT_UPDATE queues the item's sync; ITEM ERROR with ITEM_LOGIN_REQUIRED
 * marks the connection as needing the user; ITEM LOGIN_REPAIRED clears that and syncs. Others are ignored.
 */
import type { ServiceDeps } from "@folio/platform/service";
import { type Connections, SYNC_QUEUE, syncJobId } from "./connections.ts";

interface PlaidWebhook {
  webhook_type?: unknown;
  webhook_code?: unknown;
  item_id?: unknown;
  error?: { error_code?: unknown } | null;
}

export async function handleWebhook(deps: ServiceDeps, connections: Connections, body: unknown): Promise<void> {
  const w = (typeof body === "object" && body !== null ? body : {}) as PlaidWebhook;
  if (typeof w.item_id !== "string") return;
  const connection = await connections.byItem(w.item_id);
  if (!connection) return;
  const sync = () => deps.jobs.add(SYNC_QUEUE, { connectionId: connection._id }, { jobId: syncJobId(connection._id) });
  if (w.webhook_type === "HOLDINGS" && w.webhook_code === "DEFAULT_UPDATE") {
    await sync();
  } else if (w.webhook_type === "ITEM" && w.webhook_code === "ERROR" && w.error?.error_code === "ITEM_LOGIN_REQUIRED") {
    await connections.markStatus(w.item_id, "login_required");
  } else if (w.webhook_type === "ITEM" && w.webhook_code === "LOGIN_REPAIRED") {
    await connections.markStatus(w.item_id, "ok");
    await sync();
  } else {
    return;
  }
  deps.log.info({ connectionId: connection._id, type: w.webhook_type, code: w.webhook_code }, "brokerage: webhook handled");
}
