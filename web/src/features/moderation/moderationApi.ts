import type { ModerationLogReply } from "@folio/proto/moderation";
import { Routes } from "@folio/proto/routes";
import { api } from "../../app/api.ts";
import { request } from "../../app/endpoint.ts";

export type { ModerationLogReply };

export const moderationApi = api.enhanceEndpoints({ addTagTypes: ["Moderation"] }).injectEndpoints({
  endpoints: (build) => ({
    /** admins: what is unlisted now, and the log of every action (who, when, why) */
    getModerationLog: build.query<ModerationLogReply, void>({
      query: () => request(Routes.portfolio.moderationLog),
      providesTags: ["Moderation"],
    }),
    moderate: build.mutation<{ message: string; slug: string }, { action: "unlist" | "restore"; slug: string; reason: string }>({
      query: ({ action, slug, reason }) => request(Routes.portfolio[action], { params: { slug }, body: { reason } }),
      invalidatesTags: ["Moderation", "PortfolioList"],
    }),
  }),
});

export const { useGetModerationLogQuery, useModerateMutation } = moderationApi;
