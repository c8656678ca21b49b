import { useEffect } from "react";
import { shallowEqual } from "react-redux";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { pricingApi } from "../portfolio/pricingApi.ts";
import type { LatestPrices } from "./holdings.ts";

/**
 * Latest prices of `tickers` from GET /v1/get/{ticker} (the pricing service caches them; so does the api
 * cache here). The dashboard's list brings assets as saved, without prices: this fills them in. A ticker
 * whose price cannot be had is left out (shown as unknown).
 */
export function useLatestPrices(tickers: readonly string[]): LatestPrices {
  const dispatch = useAppDispatch();
  const key = tickers.join(",");

  useEffect(() => {
    if (!key) return;
    const requests = key.split(",").map((ticker) => dispatch(pricingApi.endpoints.getPrice.initiate(ticker)));
    return () => {
      for (const request of requests) request.unsubscribe();
    };
  }, [key, dispatch]);

  return useAppSelector((state) => {
    const prices: Record<string, number> = {};
    for (const ticker of tickers) {
      const price = pricingApi.endpoints.getPrice.select(ticker)(state).data?.latestPrice;
      if (typeof price === "number") prices[ticker] = price;
    }
    return prices;
  }, shallowEqual);
}
