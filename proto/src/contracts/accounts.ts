/**
 * The accounts service's calls: the built-in identity provider (/v1/auth/*), the spec's reports of who signed
 * in or up (/v1/login, /v1/register) and settings. Reply schemas strip anything not
 * declared, so a hash or a stored field can never leak into a reply.
 */
import {
  AuthReply,
  Credentials,
  CurrentUserBody,
  OkReply,
  PasswordResetBody,
  PasswordResetConfirmBody,
  ProfileBody,
  ProfileReply,
  RegisterBody,
} from "../auth.ts";
import { contract, type ServiceContracts } from "../contract.ts";
import { ErrorCodes, SettingsErrorCodes } from "../error-codes.ts";
import { ErrorReply } from "../errors.ts";
import { Routes } from "../routes.ts";
import { SettingsErrorReply, SettingsReply, SettingsUpdateBody, SettingsUpdateReply } from "../settings.ts";

const routes = Routes.accounts;
const { credentialsRequired, weakPassword, invalidCredential, userNotFound, emailInUse, invalidResetToken } = ErrorCodes;

export const AccountsContracts = {
  register: contract(routes.register, {
    body: RegisterBody,
    reply: { 200: AuthReply, 400: ErrorReply, 401: ErrorReply, 409: ErrorReply },
    errors: [credentialsRequired, weakPassword, invalidCredential, emailInUse],
  }),
  login: contract(routes.login, {
    body: Credentials,
    reply: { 200: AuthReply, 400: ErrorReply, 401: ErrorReply, 404: ErrorReply, 429: ErrorReply },
    errors: [credentialsRequired, invalidCredential, userNotFound],
  }),
  logout: contract(routes.logout, { reply: { 200: OkReply } }),
  passwordReset: contract(routes.passwordReset, {
    body: PasswordResetBody,
    reply: { 200: OkReply, 400: ErrorReply, 404: ErrorReply, 429: ErrorReply, 503: ErrorReply },
    errors: [invalidCredential, userNotFound],
  }),
  passwordResetConfirm: contract(routes.passwordResetConfirm, {
    body: PasswordResetConfirmBody,
    reply: { 200: OkReply, 400: ErrorReply },
    errors: [invalidResetToken, weakPassword],
  }),
  profile: contract(routes.profile, { body: ProfileBody, reply: { 200: ProfileReply, 400: ErrorReply } }),
  reportLogin: contract(routes.reportLogin, { body: CurrentUserBody, reply: { 200: OkReply, 409: ErrorReply }, errors: [emailInUse] }),
  reportRegister: contract(routes.reportRegister, {
    body: CurrentUserBody,
    reply: { 200: OkReply, 409: ErrorReply },
    errors: [emailInUse],
  }),
  /** billing's plan is asked on the caller's token: 503 while billing cannot say it */
  settings: contract(routes.settings, { reply: { 200: SettingsReply, 503: ErrorReply } }),
  updateSettings: contract(routes.updateSettings, {
    body: SettingsUpdateBody,
    reply: { 200: SettingsUpdateReply, 400: SettingsErrorReply },
    errors: Object.values(SettingsErrorCodes),
  }),
} satisfies ServiceContracts<typeof routes>;
