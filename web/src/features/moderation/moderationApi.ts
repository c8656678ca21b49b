import type { ModerationLogReply } from "@folio/proto/moderation";
import { api } from "../../app/api.ts";

export type { ModerationLogReply };

export const moderationApi = api.enhanceEndpoints({ addTagTypes: ["Moderation"] }).injectEndpoints({
  endpoints: (build) => ({
    /** admins: what is unlisted now, and the log of every action (who, when, why) */
    getModerationLog: build.query<ModerationLogReply, void>({
      query: () => ({ url: "/v1/admin/moderation", method: "POST" }),
      providesTags: ["Moderation"],
    }),
    moderate: build.mutation<{ message: string; slug: string }, { action: "unlist" | "restore"; slug: string; reason: string }>({
      query: ({ action, slug, reason }) => ({ url: `/v1/admin/${action}/${encodeURIComponent(slug)}`, method: "POST", body: { reason } }),
      invalidatesTags: ["Moderation", "PortfolioList"],
    }),
  }),
});

export const { useGetModerationLogQuery, useModerateMutation } = moderationApi;
