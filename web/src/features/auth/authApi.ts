import { Routes } from "@folio/proto/routes";
import { api } from "../../app/api.ts";
import type { AuthReply, Credentials, CurrentUserRequest, RegisterRequest } from "../../app/apiTypes.ts";
import { request } from "../../app/endpoint.ts";

// The auth calls are made by people who are not signed in (yet): their 401s are answers, not prompts.
const anonymousOk = { anonymousOk: true };

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthReply, Credentials>({
      query: (body) => request(Routes.accounts.login, { body }),
      extraOptions: anonymousOk,
    }),
    register: build.mutation<AuthReply, RegisterRequest>({
      query: (body) => request(Routes.accounts.register, { body }),
      extraOptions: anonymousOk,
    }),
    logout: build.mutation<unknown, void>({
      query: () => request(Routes.accounts.logout),
      extraOptions: anonymousOk,
    }),
    requestPasswordReset: build.mutation<unknown, { email: string }>({
      query: (body) => request(Routes.accounts.passwordReset, { body }),
      extraOptions: anonymousOk,
    }),
    confirmPasswordReset: build.mutation<unknown, { token: string; password: string }>({
      query: (body) => request(Routes.accounts.passwordResetConfirm, { body }),
      extraOptions: anonymousOk,
    }),
    /** spec §7 POST /v1/login: tells the API who signed in */
    reportLogin: build.mutation<unknown, CurrentUserRequest>({
      query: (body) => request(Routes.accounts.reportLogin, { body }),
    }),
    /** spec §7 POST /v1/register: the new user and who referred them */
    reportRegister: build.mutation<unknown, CurrentUserRequest>({
      query: (body) => request(Routes.accounts.reportRegister, { body }),
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useRequestPasswordResetMutation,
  useConfirmPasswordResetMutation,
  useReportLoginMutation,
  useReportRegisterMutation,
} = authApi;
