/**
 * Portfolios from brokerage connections: brokerage.holdings.imported carries a connection's investment
 * accounts and their holdings; each account becomes one portfolio of the user with the event's provider
 * ('Plaid-US'), and a later event for the same account (a sync) replaces that portfolio's assets.
 *
 * `portfolio_imports` records which portfolio came from which account (id `<uid>|<connection>|<account>`),
 * written in the same commit as the portfolio it creates, so the same account delivered twice (a redelivered
 * event, the same item connected again) finds its portfolio instead of making another. A sync keeps the
 * portfolio's name and settings, and the purchase date of a ticker it already held (Plaid reports no dates).
 * A portfolio the user deleted stays deleted: its record remains and later syncs skip it. An account that would
 * take the user past the portfolios one may keep (PORTFOLIOS_PER_USER) is not imported, and the log says so: no
 * record is written, so a sync after the user deleted a portfolio imports it.
 */
import type { Event } from "@folio/platform/events";
import { HttpError } from "@folio/platform/http/errors";
import type { Doc, WriteOp } from "@folio/platform/store/port";
import { ErrorCodes } from "@folio/proto/errors";
import type { EventPayload } from "@folio/proto/events";
import type { AssetInput } from "@folio/proto/portfolio";
import type { PortfolioContext } from "./context.ts";
import { findBySlug, portfolios } from "./store.ts";

export const IMPORTS = "portfolio_imports";

export interface ImportDoc extends Doc {
  uid: string;
  connectionId: string;
  accountId: string;
  slug: string;
  createdAt: string;
}

type Imported = EventPayload<"brokerage.holdings.imported">;
type Account = Imported["accounts"][number];

const importId = (uid: string, connectionId: string, accountId: string) => `${uid}|${connectionId}|${accountId}`;

/** The assets of an account's holdings; a ticker already held keeps its purchase date. */
export function importedAssets(account: Account, held: readonly { ticker: string; DoA: string }[] = []): AssetInput[] {
  const dates = new Map(held.map((a) => [a.ticker.toUpperCase(), a.DoA]));
  return account.holdings.map((h) => ({
    ticker: h.ticker,
    name: h.name,
    quantity: h.quantity,
    PoA: h.PoA,
    DoA: dates.get(h.ticker.toUpperCase()) ?? h.DoA,
  }));
}

/** "First Platypus Bank – Plaid IRA ••5555", within a portfolio name's 100 characters. */
export const importedName = (institution: string, account: Account) => `${institution} – ${account.name}`.slice(0, 100);

/** brokerage.holdings.imported → a portfolio per account, or its assets replaced (registered in consumers.ts). */
export function holdingsImports(ctx: PortfolioContext): (event: Event<"brokerage.holdings.imported">) => Promise<void> {
  const { deps, commands } = ctx;
  const records = deps.store.collection<ImportDoc>(IMPORTS, [{ fields: ["uid"] }]);
  const collection = portfolios(deps.store);

  async function importAccount(event: Imported, account: Account): Promise<void> {
    const id = importId(event.uid, event.connectionId, account.accountId);
    const record = await records.get(id);
    if (!record) {
      const createdAt = new Date(deps.clock.now()).toISOString();
      const record = (slug: string): WriteOp[] => {
        const doc: ImportDoc = { _id: id, uid: event.uid, connectionId: event.connectionId, accountId: account.accountId, slug, createdAt };
        return [{ op: "insert", collection: IMPORTS, doc }];
      };
      try {
        await commands.create(
          { assets: importedAssets(account) },
          { name: importedName(event.institution, account), owner: event.uid, copiedFrom: null, provider: event.provider },
          { alsoCommit: record },
        );
      } catch (err) {
        if (!(err instanceof HttpError && err.code === ErrorCodes.tooManyPortfolios)) throw err;
        deps.log.warn(
          { uid: event.uid, connectionId: event.connectionId },
          "brokerage account not imported: the user has the most portfolios one may keep",
        );
      }
      return;
    }
    const current = await findBySlug(collection, record.slug);
    if (!current || current.owner !== event.uid) return;
    await commands.save(event.uid, record.slug, { portfolio: { assets: importedAssets(account, current.assets) } });
  }

  return async (event) => {
    for (const account of event.payload.accounts) await importAccount(event.payload, account);
  };
}
