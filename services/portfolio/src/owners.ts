/**
 * What the portfolio service knows of its owners' settings: the base currency every amount of their
 * portfolios is given in (docs/numbers.md "Currencies"). Accounts owns the setting and publishes it in
 * account.updated; this read model keeps the last one per user (the projection's inbox makes a redelivery
 * change nothing). A portfolio is valued in its owner's base currency for every reader, so one cached reply
 * per revision stays right; a change drops the owner's cached replies and revalues their portfolios.
 */
import type { Event } from "@folio/platform/events";
import { projection } from "@folio/platform/projection";
import type { ServiceDeps } from "@folio/platform/service";
import type { Collection, Doc } from "@folio/platform/store/port";
import { DEFAULT_BASE_CURRENCY, isSupportedCurrency } from "@folio/proto/settings";
import type { PortfolioContext } from "./context.ts";
import { REVALUE_QUEUE, revalueJobId } from "./revaluation.ts";
import { listByOwner, portfolios } from "./store.ts";

export const OWNERS_CONSUMER = "portfolio.owners";

export interface OwnerDoc extends Doc {
  _id: string;
  baseCurrency: string;
}

export const owners = (store: ServiceDeps["store"]): Collection<OwnerDoc> => store.collection<OwnerDoc>("portfolio_owners");

export class OwnerSettings {
  constructor(private readonly collection: Collection<OwnerDoc>) {}

  /** The owner's base currency; USD for an owner who never chose one (and for the samples' system owner). */
  async baseCurrencyOf(owner: string): Promise<string> {
    const doc = await this.collection.get(owner);
    return doc && isSupportedCurrency(doc.baseCurrency) ? doc.baseCurrency : DEFAULT_BASE_CURRENCY;
  }
}

/**
 * account.updated → the owner's base currency; a change revalues the owner's portfolios in the new one. The
 * handler (built once: the projection keeps its inbox) is registered in consumers.ts.
 */
export function ownerUpdates(ctx: PortfolioContext): (event: Event<"account.updated">) => Promise<void> {
  const { deps } = ctx;
  const collection = owners(deps.store);
  const currencyOf = async (uid: string) => (await collection.get(uid))?.baseCurrency ?? DEFAULT_BASE_CURRENCY;
  const apply = projection<OwnerDoc, "account.updated">(deps.store, {
    consumer: OWNERS_CONSUMER,
    collection,
    idOf: (e) => e.payload.uid,
    apply: (event, current) => {
      const next = event.payload.baseCurrency ?? DEFAULT_BASE_CURRENCY;
      if ((current?.baseCurrency ?? DEFAULT_BASE_CURRENCY) === next) return undefined;
      return { _id: event.payload.uid, baseCurrency: next };
    },
  });
  return async (event) => {
    const uid = event.payload.uid;
    const before = await currencyOf(uid);
    await apply(event);
    if ((await currencyOf(uid)) === before) return;
    for (const doc of await listByOwner(portfolios(deps.store), uid)) {
      await ctx.valuer.forget(doc.slug);
      await deps.jobs.add(REVALUE_QUEUE, { slug: doc.slug }, { jobId: revalueJobId(doc.slug) });
    }
  };
}
