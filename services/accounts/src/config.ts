/**
 * The accounts service's configuration: its variables, declared once (docs/configuration.md is written from
 * this schema) and read with the platform's rule: a bad value stops the start naming the variable.
 */
import type { Config } from "@folio/platform/config";
import { Env, environment, readEnv } from "@folio/platform/env";
import { DEFAULT_HASH_COST } from "./secrets.ts";

const limit = (fallback: number, description: string) => Env.integer({ default: fallback, minimum: 1, maximum: 1_000_000, description });

export const AccountsEnvironment = environment(
  "Accounts",
  "Read by the accounts service: sign-in limits, password hashing and who is an admin.",
  {
    RATE_LIMIT_LOGIN_PER_ADDRESS: limit(10, "Sign-ins at one e-mail address from one client address per 15 minutes."),
    RATE_LIMIT_LOGIN_PER_CLIENT: limit(50, "Sign-ins from one client address per 15 minutes, whatever the e-mail (credential stuffing)."),
    RATE_LIMIT_REGISTER_PER_CLIENT: limit(20, "Registrations from one client address per hour."),
    RATE_LIMIT_RESET_PER_ADDRESS: limit(5, "Password-reset e-mails to one address per 15 minutes, addresses without an account included."),
    RATE_LIMIT_RESET_PER_CLIENT: limit(20, "Password-reset requests from one client address per hour."),
    PASSWORD_HASH_COST: Env.integer({
      default: DEFAULT_HASH_COST,
      minimum: 10,
      maximum: 20,
      description:
        "scrypt's N = 2^cost for new password hashes (14: N = 16384; r = 8, p = 1). Each step up doubles the time and memory (128·N·8 bytes: 16 MiB at 14, 1 GiB at 20) of every registration, sign-in and password change, and of an attacker's guess at a leaked hash; lower it only on a small machine. Stored hashes carry their N, r and p, so they keep verifying after a change.",
    }),
    ADMIN_EMAILS: Env.list({
      description:
        'E-mail addresses whose sign-ins carry the admin flag: community moderation (see [product-decisions.md](product-decisions.md) "Playground, admin and moderation"); compared case-insensitively.',
    }),
  },
);

export interface AccountLimits {
  /** sign-ins at one e-mail address from one client address per 15 minutes */
  loginPerAddress: number;
  /** sign-ins from one client address per 15 minutes, whatever the e-mail (credential stuffing) */
  loginPerClient: number;
  /** registrations from one client address per hour */
  registerPerClient: number;
  /** reset e-mails to one address per 15 minutes, addresses without an account included */
  resetPerAddress: number;
  /** reset requests from one client address per hour */
  resetPerClient: number;
}

export const accountsEnv = (config: Config) => readEnv(AccountsEnvironment, config.env);

export function accountLimits(config: Config): AccountLimits {
  const env = accountsEnv(config);
  return {
    loginPerAddress: env.RATE_LIMIT_LOGIN_PER_ADDRESS,
    loginPerClient: env.RATE_LIMIT_LOGIN_PER_CLIENT,
    registerPerClient: env.RATE_LIMIT_REGISTER_PER_CLIENT,
    resetPerAddress: env.RATE_LIMIT_RESET_PER_ADDRESS,
    resetPerClient: env.RATE_LIMIT_RESET_PER_CLIENT,
  };
}

/** PASSWORD_HASH_COST: scrypt's N = 2^cost for new password hashes (see the schema above). */
export const passwordHashCost = (config: Config): number => accountsEnv(config).PASSWORD_HASH_COST;
