import type { ConnectionsReply, LinkTokenReply } from "@folio/proto/brokerage";
import { api } from "../../app/api.ts";

export interface LinkSuccess {
  public_token: string;
  metadata: { institution?: { name?: string; institution_id?: string } | null; link_session_id?: string } | null;
}

export interface CreatePortfoliosReply {
  public_token_exchange: "complete";
  connectionId: string;
  accounts: number;
  duplicate: boolean;
}

const withTags = api.enhanceEndpoints({ addTagTypes: ["BrokerageConnections"] });

export const brokerageApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    createLinkToken: build.mutation<LinkTokenReply, void>({
      query: () => ({ url: "/v1/plaid/create-link-token/", method: "POST" }),
    }),
    createPortfolios: build.mutation<CreatePortfoliosReply, LinkSuccess>({
      query: (body) => ({ url: "/v1/plaid/create_portfolios/", method: "POST", body }),
      invalidatesTags: ["PortfolioList", "BrokerageConnections", "AchievementState"],
    }),
    getConnections: build.query<ConnectionsReply, void>({
      query: () => ({ url: "/v1/plaid/get_connections", method: "POST" }),
      providesTags: ["BrokerageConnections"],
    }),
    deleteConnection: build.mutation<{ result: "ok" | "nok" }, { email: string; id: string }>({
      query: ({ email, id }) => ({
        url: `/v1/plaid/delete_plaid_connection/${encodeURIComponent(email)}/${encodeURIComponent(id)}`,
        method: "GET",
      }),
    }),
  }),
});

export const { useCreateLinkTokenMutation, useCreatePortfoliosMutation, useGetConnectionsQuery, useDeleteConnectionMutation } =
  brokerageApi;

/** A refusal that says the plan's limit is reached (403 `needs_upgrade`). */
export function needsUpgrade(error: unknown): boolean {
  const data = typeof error === "object" && error !== null ? (error as { data?: unknown }).data : undefined;
  return typeof data === "object" && data !== null && (data as { needs_upgrade?: unknown }).needs_upgrade === true;
}
