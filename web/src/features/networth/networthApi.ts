import type { NetWorthBody, NetWorthHistoryReply, NetWorthReply } from "@folio/proto/networth";
import { Routes } from "@folio/proto/routes";
import { api } from "../../app/api.ts";
import { request } from "../../app/endpoint.ts";

export const networthApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** a mutation, not a query: each call may start a computation and must reach the server */
    getNetWorth: build.mutation<NetWorthReply, NetWorthBody>({
      query: (body) => request(Routes.networth.netWorth, { body }),
    }),
    getNetWorthHistory: build.query<NetWorthHistoryReply, void>({
      query: () => request(Routes.networth.history),
    }),
  }),
});

export const { useGetNetWorthMutation, useGetNetWorthHistoryQuery } = networthApi;
