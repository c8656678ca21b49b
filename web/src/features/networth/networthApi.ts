import type { NetWorthBody, NetWorthHistoryReply, NetWorthReply } from "@folio/proto/networth";
import { api } from "../../app/api.ts";

export const networthApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** a mutation, not a query: each call may start a computation and must reach the server */
    getNetWorth: build.mutation<NetWorthReply, NetWorthBody>({
      query: (body) => ({ url: "/v1/get/netWorth", method: "POST", body }),
    }),
    getNetWorthHistory: build.query<NetWorthHistoryReply, void>({
      query: () => ({ url: "/v1/get/netWorthHistory", method: "POST" }),
    }),
  }),
});

export const { useGetNetWorthMutation, useGetNetWorthHistoryQuery } = networthApi;
