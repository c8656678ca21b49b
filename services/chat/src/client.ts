/**
 * The chat service's query as other services ask it on a user's behalf: the assistant writing the
 * biggest-movers report from the figures networth computed. The caller's token travels with it (the user's
 * own limits apply), through the call's contract (platform/src/internal.ts: the one failure policy). The
 * package's public surface for other services (`@folio/chat/client`).
 */
import { call, type ServiceClient } from "@folio/platform/internal";
import { ChatContracts } from "@folio/proto/contracts/chat";

export class ChatQueries {
  constructor(private readonly services: ServiceClient) {}

  /**
   * The report, or null when the assistant refuses to write one for this user now (a limit reached) or writes
   * nothing; ServiceUnavailableError when it cannot (not configured, the model failing, chat down).
   */
  async moversReport(token: string, facts: string): Promise<string | null> {
    const answer = await call(this.services, ChatContracts.moversReport, { token, body: { facts } });
    return answer.status === 200 && answer.body.report.trim() ? answer.body.report.trim() : null;
  }
}
