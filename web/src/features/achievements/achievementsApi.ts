import { Routes } from "@folio/proto/routes";
import type { AchievementStateReply, AchievementUpdateReply } from "@folio/proto/settings";
import type { Static } from "typebox";
import { api } from "../../app/api.ts";
import { request } from "../../app/endpoint.ts";

export const achievementsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // mutations: every read must reach the server (it moves the state on its own), nothing is cached
    fetchAchievementState: build.mutation<Static<typeof AchievementStateReply>, void>({
      query: () => request(Routes.achievements.state),
    }),
    /**
     * No request: a watch on the "AchievementState" tag. The calls after which the server may have moved
     * the state invalidate the tag (portfolio save and settings, brokerage portfolios, chat, net worth);
     * while the layout subscribes, each invalidation refetches this and `forced` says so (the first read
     * is not forced). The slice counts the forced ones as checks to make.
     */
    watchAchievementState: build.query<{ invalidated: boolean }, void>({
      queryFn: (_arg, { forced }) => ({ data: { invalidated: forced === true } }),
      providesTags: ["AchievementState"],
    }),
    updateAchievementState: build.mutation<Static<typeof AchievementUpdateReply>, number>({
      query: (step) => request(Routes.achievements.update, { body: { achievement_state: step } }),
    }),
  }),
});

export const { useWatchAchievementStateQuery } = achievementsApi;
