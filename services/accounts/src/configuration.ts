/**
 * The accounts service's own configuration (its request limits), read from the process environment with the
 * platform's rule: a bad value stops the start with a message naming the variable.
 */
import { type Config, wholeNumber } from "@folio/platform/config";

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
