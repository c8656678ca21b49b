import { useCallback } from "react";
import { useAppDispatch } from "../../app/hooks.ts";
import { loginRequired } from "../auth/authSlice.ts";
import { dashboardApi, useDeletePortfolioMutation } from "./dashboardApi.ts";

/**
 * Spec §4: message pdeleted removes the card; any other result opens login. Resolves to whether the
 * portfolio is gone.
 */
export function useDeletePortfolio() {
  const dispatch = useAppDispatch();
  const [remove, { isLoading }] = useDeletePortfolioMutation();
  const deletePortfolio = useCallback(
    async (slug: string) => {
      const result = await remove(slug);
      if (result.data?.message !== "pdeleted") {
        dispatch(loginRequired());
        return false;
      }
      dispatch(
        dashboardApi.util.updateQueryData("getPortfoliosAndAssets", undefined, (draft) => {
          delete draft.portfolios[slug];
        }),
      );
      return true;
    },
    [dispatch, remove],
  );
  return { deletePortfolio, deleting: isLoading };
}
