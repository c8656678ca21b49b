import type { AchievementStateReply, AchievementUpdateReply } from "@folio/proto/settings";
import type { Static } from "typebox";
import { api } from "../../app/api.ts";

export const achievementsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // mutations: every read must reach the server (it moves the state on its own), nothing is cached
    fetchAchievementState: build.mutation<Static<typeof AchievementStateReply>, void>({
      query: () => ({ url: "/v1/get/achievement-state", method: "POST" }),
    }),
    updateAchievementState: build.mutation<Static<typeof AchievementUpdateReply>, number>({
      query: (step) => ({ url: "/v1/update/achievement-state", method: "POST", body: { achievement_state: step } }),
    }),
  }),
});
