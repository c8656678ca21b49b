import type { ConnectionsReply, LinkTokenReply } from "@folio/proto/brokerage";
import { BrokerageErrorCodes } from "@folio/proto/error-codes";
import { Routes } from "@folio/proto/routes";
import { api } from "../../app/api.ts";
import { request } from "../../app/endpoint.ts";
import { hasCode } from "../../app/replyError.ts";

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
      query: () => request(Routes.brokerage.linkToken),
    }),
    createPortfolios: build.mutation<CreatePortfoliosReply, LinkSuccess>({
      query: (body) => request(Routes.brokerage.createPortfolios, { body }),
      invalidatesTags: ["PortfolioList", "BrokerageConnections", "AchievementState"],
    }),
    getConnections: build.query<ConnectionsReply, void>({
      query: () => request(Routes.brokerage.connections),
      providesTags: ["BrokerageConnections"],
    }),
    deleteConnection: build.mutation<{ result: "ok" | "nok" }, { email: string; id: string }>({
      query: ({ email, id }) => request(Routes.brokerage.deleteConnection, { params: { email, connectionId: id } }),
    }),
  }),
});

export const { useCreateLinkTokenMutation, useCreatePortfoliosMutation, useGetConnectionsQuery, useDeleteConnectionMutation } =
  brokerageApi;

/** A refusal that says the plan's limit is reached (403 `needs_upgrade`, code brokerage/connection-limit). */
export const needsUpgrade = (error: unknown): boolean => hasCode(error, BrokerageErrorCodes.connectionLimit);
