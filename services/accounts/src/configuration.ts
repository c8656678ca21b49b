/**
 * The accounts service's own configuration (its request limits and password hash cost), read from the process environment with the
 * platform's rule: a bad value stops the start with a message naming the variable.
 */
import { type Config, wholeNumber } from "@folio/platform/config";
import { DEFAULT_HASH_COST } from "./secrets.ts";

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

export function accountLimits(config: Config): AccountLimits {
  const n = (name: string, fallback: number) => wholeNumber(config.env, name, fallback, 1, 1_000_000);
  return {
    loginPerAddress: n("RATE_LIMIT_LOGIN_PER_ADDRESS", 10),
    loginPerClient: n("RATE_LIMIT_LOGIN_PER_CLIENT", 50),
    registerPerClient: n("RATE_LIMIT_REGISTER_PER_CLIENT", 20),
    resetPerAddress: n("RATE_LIMIT_RESET_PER_ADDRESS", 5),
    resetPerClient: n("RATE_LIMIT_RESET_PER_CLIENT", 20),
  };
}

/**
 * PASSWORD_HASH_COST: scrypt's N = 2^cost for new password hashes (default 14, N = 16384). Each step up doubles
 * the time and memory (128·N·8 bytes: 16 MiB at 14, 1 GiB at 20) of every registration, sign-in and password
 * change, and of an attacker's guess at a leaked hash. Existing hashes keep verifying at the cost they record.
 */
export const passwordHashCost = (config: Config): number => wholeNumber(config.env, "PASSWORD_HASH_COST", DEFAULT_HASH_COST, 10, 20);
