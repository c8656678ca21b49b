import type { BiggestMoversReply } from "@folio/proto/networth";
import { Routes } from "@folio/proto/routes";
import type { FetchBaseQueryError } from "@reduxjs/toolkit/query";
import { api } from "../../app/api.ts";
import { request } from "../../app/endpoint.ts";
import { localCache } from "../../lib/localCache.ts";
import { BIGGEST_MOVERS_KEY } from "../auth/session.ts";

/** Spec §9: the biggest-movers answer is kept for an hour (also on the server). */
export const BIGGEST_MOVERS_TTL_MS = 60 * 60 * 1000;

/** The answer did not carry movers (`result: 'nok'` or an error): shown as nothing, not as a failure. */
class NoMovers extends Error {
  constructor(readonly error: FetchBaseQueryError | null) {
    super("no biggest movers");
  }
}

/** An answer waiting on a provider: shown, but not stored, so the next visit asks again (docs/numbers.md "Movers and the assistant"). */
class NotKept extends Error {
  constructor(readonly movers: BiggestMoversReply) {
    super("biggest movers not kept");
  }
}

const waitsOnProvider = (m: BiggestMoversReply): boolean =>
  (m.stale ?? []).some((s) => s.reason === "last-known") || (m.unpriced ?? []).some((u) => u.reason === "unavailable");

export const moversApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * From localStorage 'biggest_movers' while it is under an hour old (cleared on logout), else from
     * POST /v1/biggest-movers. A `nok` answer is not stored, nor one with a last known price or a holding
     * pricing could not price now, so the next visit asks again.
     */
    getBiggestMovers: build.query<BiggestMoversReply, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        try {
          const movers = await localCache.get<BiggestMoversReply>(BIGGEST_MOVERS_KEY, {
            ttl: BIGGEST_MOVERS_TTL_MS,
            callback: async () => {
              const reply = await baseQuery(request(Routes.chat.biggestMovers));
              if (reply.error) throw new NoMovers(reply.error);
              const data = reply.data as Partial<BiggestMoversReply> | undefined;
              if (data?.result !== "ok" || typeof data.biggest_movers !== "object") throw new NoMovers(null);
              if (waitsOnProvider(data as BiggestMoversReply)) throw new NotKept(data as BiggestMoversReply);
              return data as BiggestMoversReply;
            },
          });
          if (!movers) return { error: { status: "CUSTOM_ERROR", error: "no biggest movers" } };
          return { data: movers };
        } catch (err) {
          if (err instanceof NotKept) return { data: err.movers };
          const error = err instanceof NoMovers && err.error ? err.error : { status: "CUSTOM_ERROR" as const, error: String(err) };
          return { error };
        }
      },
    }),
  }),
});

export const { useGetBiggestMoversQuery } = moversApi;
