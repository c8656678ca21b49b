/**
 * The chat service's query as other services ask it on a user's behalf: the assistant writing the
 * biggest-movers report from the figures networth computed. The caller's token travels with it (the user's
 * own limits apply). Null whenever the assistant gives no report (not configured, limited, failing): the
 * caller keeps its factual summary. The package's public surface for other services (`@folio/chat/client`).
 */

import { lazyCheck } from "@folio/platform/check";
import type { ServiceClient } from "@folio/platform/internal";
import { MoversReportReply } from "@folio/proto/chat";

export const MOVERS_REPORT_PATH = "/v1/chat/movers-report";
const reply = lazyCheck(MoversReportReply);

export class ChatQueries {
  constructor(private readonly services: ServiceClient) {}

  async moversReport(token: string, facts: string): Promise<string | null> {
    try {
      const { status, body } = await this.services.call<unknown>("chat", {
        method: "POST",
        path: MOVERS_REPORT_PATH,
        token,
        body: { facts },
      });
      return status === 200 && reply.Check(body) && body.report.trim() ? body.report.trim() : null;
    } catch {
      return null;
    }
  }
}
