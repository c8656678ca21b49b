/**
 * Settings and achievements: the bodies and replies of /v1/get|update/settings and
 * /v1/get|update/achievement-state, and the username rule's limits and messages, which the web checks
 * before the call with the same words the server answers with.
 */
import { type Static, Type } from "typebox";
import { ACHIEVEMENT_STEPS } from "./constants.ts";

export {
  BASE_CURRENCY_UNSUPPORTED,
  DEFAULT_BASE_CURRENCY,
  DISPLAY_NAME_EMPTY,
  isSupportedCurrency,
  SUPPORTED_CURRENCIES,
  type SupportedCurrency,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
  type UsernameFailure,
  UsernameMessages,
  usernameFailure,
} from "./constants.ts";

export { SettingsErrorCodes } from "./error-codes.ts";

/** The plan every account has until billing reports another. */
export const DEFAULT_PLAN = "free";

/** A connected brokerage account (the brokerage issue fills the list). */
export const Connection = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** whether its holdings are synced automatically */
  sync: Type.Boolean(),
});

/** The spec's POST /v1/get/settings reply. */
export const SettingsReply = Type.Object({
  notifications: Type.Object({ enabled: Type.Boolean() }),
  account: Type.Object({
    email: Type.String(),
    plan: Type.String(),
    /** null until the user picks one */
    username: Type.Union([Type.String(), Type.Null()]),
    displayName: Type.Union([Type.String(), Type.Null()]),
    /** ISO code every amount is shown in (default USD) */
    baseCurrency: Type.Optional(Type.String()),
  }),
  /** the base currencies the user may pick */
  currencies: Type.Optional(Type.Array(Type.String())),
  /** the price ids the plan tab offers, as billing reports them (GET /v1/billing/plan) */
  plan_ids: Type.Array(Type.String()),
  connections: Type.Array(Connection),
});
export type SettingsReply = Static<typeof SettingsReply>;

// Strings are loose here (no length or pattern): the username rule's messages, not schema errors, tell
// the user what is wrong.
export const SettingsUpdateBody = Type.Object({
  settings: Type.Object({
    notifications: Type.Optional(Type.Object({ enabled: Type.Boolean() })),
    account: Type.Optional(
      Type.Object({
        username: Type.Optional(Type.String({ maxLength: 200 })),
        displayName: Type.Optional(Type.String({ maxLength: 100 })),
        /** one of SUPPORTED_CURRENCIES; anything else is refused with BASE_CURRENCY_UNSUPPORTED */
        baseCurrency: Type.Optional(Type.String({ maxLength: 10 })),
      }),
    ),
  }),
});
export type SettingsUpdateBody = Static<typeof SettingsUpdateBody>;

export const SettingsUpdateReply = Type.Object({ status: Type.Literal("ok") });

/** A refused settings update: the spec's `message`, and the usual `error` and `code`. */
export const SettingsErrorReply = Type.Object({
  /** absent only on a malformed body, which the schema refuses before any rule runs */
  message: Type.Optional(Type.String()),
  error: Type.String(),
  code: Type.String(),
});

export { ACHIEVEMENT_STEPS } from "./constants.ts";
export const AchievementState = Type.Integer({ minimum: 0, maximum: ACHIEVEMENT_STEPS });

export const AchievementStateReply = Type.Object({ achievement_state: AchievementState });
export const AchievementStateBody = Type.Object({ achievement_state: AchievementState });

/** The stored state after an accepted update; it may be past the requested step (see accounts' achievements). */
export const AchievementUpdateReply = Type.Object({ status: Type.Literal("ok"), achievement_state: AchievementState });

export { AchievementErrorCodes } from "./error-codes.ts";
export const ONE_STEP_AT_A_TIME = "Achievements advance one step at a time";
