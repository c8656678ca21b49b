import { api } from "../../app/api.ts";
import type { AuthReply, Credentials, CurrentUserRequest, RegisterRequest } from "../../app/apiTypes.ts";

// The auth calls are made by people who are not signed in (yet): their 401s are answers, not prompts.
const anonymousOk = { anonymousOk: true };

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthReply, Credentials>({
      query: (body) => ({ url: "/v1/auth/login", method: "POST", body }),
      extraOptions: anonymousOk,
    }),
    register: build.mutation<AuthReply, RegisterRequest>({
      query: (body) => ({ url: "/v1/auth/register", method: "POST", body }),
      extraOptions: anonymousOk,
    }),
    logout: build.mutation<unknown, void>({
      query: () => ({ url: "/v1/auth/logout", method: "POST" }),
      extraOptions: anonymousOk,
    }),
    requestPasswordReset: build.mutation<unknown, { email: string }>({
      query: (body) => ({ url: "/v1/auth/password-reset", method: "POST", body }),
      extraOptions: anonymousOk,
    }),
    confirmPasswordReset: build.mutation<unknown, { token: string; password: string }>({
      query: (body) => ({ url: "/v1/auth/password-reset/confirm", method: "POST", body }),
      extraOptions: anonymousOk,
    }),
    /** spec §7 POST /v1/login: tells the API who signed in */
    reportLogin: build.mutation<unknown, CurrentUserRequest>({
      query: (body) => ({ url: "/v1/login", method: "POST", body }),
    }),
    /** spec §7 POST /v1/register: the new user and who referred them */
    reportRegister: build.mutation<unknown, CurrentUserRequest>({
      query: (body) => ({ url: "/v1/register", method: "POST", body }),
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
