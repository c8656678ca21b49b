import { useCallback, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useAppDispatch } from "../../app/hooks.ts";
import { refreshPortfolio, savePortfolio } from "./portfolioThunks.ts";

/**
 * Saves the portfolio on screen and acts on the outcome the views care about (spec §4): showPopup asks for
 * a name, pcreated goes to the new portfolio, pupdated re-reads the figures. Toasts and the login prompt
 * come from the thunk.
 */
export function usePortfolioSave(onCreated?: (slug: string) => void) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [askingName, setAskingName] = useState(false);

  const save = useCallback(
    async (newPortfolioName?: string) => {
      const action = await dispatch(savePortfolio(newPortfolioName ? { newPortfolioName } : undefined));
      if (!savePortfolio.fulfilled.match(action)) return;
      const outcome = action.payload;
      if (outcome.kind === "namePrompt") setAskingName(true);
      else setAskingName(false);
      if (outcome.kind === "created") {
        onCreated?.(outcome.slug);
        navigate(`/p/${outcome.slug}`);
      }
      // the save reply carries the portfolio, not its valuation: the charts and returns are read again
      if (outcome.kind === "updated") void dispatch(refreshPortfolio());
      // refused: the page goes back to what is stored (its figures with it), and says why beside the header
      if (outcome.kind === "refused") void dispatch(refreshPortfolio({ restore: true }));
    },
    [dispatch, navigate, onCreated],
  );

  return { save, askingName, cancelNaming: () => setAskingName(false) };
}
