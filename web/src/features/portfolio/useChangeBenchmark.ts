import { useCallback } from "react";
import { errorMessage, isNoUser } from "../../app/api.ts";
import { useAppDispatch } from "../../app/hooks.ts";
import { Messages } from "../../app/messages.ts";
import { showError } from "../toasts/toastsSlice.ts";
import { useUpdatePortfolioSettingsMutation } from "./portfolioApi.ts";
import { benchmarkSaved } from "./portfolioSlice.ts";
import { refreshPortfolio } from "./portfolioThunks.ts";

/**
 * The benchmark picker: saves `indexTicker` through the portfolio-settings call (not the portfolio save,
 * so it neither waits for nor sets hasChanges), then re-reads the valuation drawn against the new index.
 */
export function useChangeBenchmark(slug: string) {
  const dispatch = useAppDispatch();
  const [update, { isLoading }] = useUpdatePortfolioSettingsMutation();

  const change = useCallback(
    async (indexTicker: string) => {
      const result = await update({ slug, settings: { indexTicker } });
      if (result.error) {
        // a missing session already opened the login window (the api's base query)
        if (!isNoUser(result.error)) dispatch(showError(errorMessage(result.error, Messages.somethingWrong)));
        return;
      }
      dispatch(benchmarkSaved(indexTicker));
      void dispatch(refreshPortfolio());
    },
    [dispatch, update, slug],
  );

  return { change, busy: isLoading };
}
