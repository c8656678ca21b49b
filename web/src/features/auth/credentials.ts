import { Messages, PASSWORD_MIN_LENGTH } from "../../app/messages.ts";
import type { AuthModal } from "./authSlice.ts";

/** Spec §5, checked before any call: both fields required; on register, the password's minimum length. */
export function credentialsProblem(mode: AuthModal, email: string, password: string): string | null {
  if (!email.trim() || !password) return Messages.credentialsRequired;
  if (mode === "register" && password.length < PASSWORD_MIN_LENGTH) return Messages.weakPassword;
  return null;
}
