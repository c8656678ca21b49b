import { type Static, Type } from "typebox";

// Bodies are loose on purpose (strings of any length): the spec's messages, not schema errors, tell the
// user what is missing, so the accounts routes check presence and length themselves.
export const Credentials = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 320 })),
  password: Type.Optional(Type.String({ maxLength: 1024 })),
});
export const RegisterBody = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 320 })),
  password: Type.Optional(Type.String({ maxLength: 1024 })),
  displayName: Type.Optional(Type.String({ maxLength: 100 })),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const User = Type.Object({
  uid: Type.String(),
  email: Type.String(),
  displayName: Type.Union([Type.String(), Type.Null()]),
});
export type User = Static<typeof User>;

/** `isAdmin`: the token carries the admin claim (ADMIN_EMAILS), so the web can offer moderation; the server checks the token. */
export const AuthUser = Type.Object({ ...User.properties, isAdmin: Type.Optional(Type.Boolean()) });
export const AuthReply = Type.Object({ idToken: Type.String(), user: AuthUser });
export type AuthReply = Static<typeof AuthReply>;

export const PasswordResetBody = Type.Object({ email: Type.String({ maxLength: 320 }) });
export const PasswordResetConfirmBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
  password: Type.String({ maxLength: 1024 }),
});
export const ProfileBody = Type.Object({ displayName: Type.String({ minLength: 1, maxLength: 100 }) });

/** The spec's POST /v1/login and /v1/register: the client reports who signed in (and who referred them). */
export const CurrentUserBody = Type.Object({
  currentUser: Type.Optional(
    Type.Object({
      uid: Type.Optional(Type.String({ maxLength: 128 })),
      email: Type.Optional(Type.String({ maxLength: 320 })),
      displayName: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    }),
  ),
  referrer: Type.Optional(Type.Union([Type.String({ maxLength: 128 }), Type.Null()])),
});

export const ProfileReply = Type.Object({ user: User });

export const OkReply = Type.Object({ result: Type.String(), message: Type.Optional(Type.String()) });

/** Claims of a verified ID token, as services see them. */
export interface Identity {
  uid: string;
  email: string;
  /** token id (for logout/revocation) */
  jti?: string;
  isAdmin?: boolean;
}
