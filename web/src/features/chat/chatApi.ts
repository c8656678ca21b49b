import type { ChatStatusReply } from "@folio/proto/chat";
import { Routes } from "@folio/proto/routes";
import { api } from "../../app/api.ts";
import { request } from "../../app/endpoint.ts";

export const chatApi = api.enhanceEndpoints({ addTagTypes: ["ChatStatus"] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /v1/chat/status: which model can answer, and otherwise what the server needs set. */
    getChatStatus: build.query<ChatStatusReply, void>({
      query: () => request(Routes.chat.status),
      providesTags: ["ChatStatus"],
    }),
  }),
});

export const { useGetChatStatusQuery } = chatApi;
