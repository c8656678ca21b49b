/**
 * Who referred a new user, as the web reports it from the referral page's query parameter. The value is
 * kept as given (trimmed) even when it names nobody we know: it may be a username another service owns,
 * or a campaign tag. It is recorded once, and nobody refers themselves.
 */

export interface ReferralDecision {
  referrer: string;
  /** the referring account when the value is one of our users' ids */
  referrerUid: string | null;
}

export interface ReferralInput {
  /** the value from the request */
  given: string | null | undefined;
  /** the new user */
  self: { uid: string; email: string };
  /** what is already recorded for the new user */
  recorded: string | null;
  /** whether `given`, trimmed, is the id of an existing account */
  givenIsKnownUid: boolean;
}

/** The referral to record, or null when there is nothing (new) to record. */
export function decideReferral(input: ReferralInput): ReferralDecision | null {
  if (input.recorded !== null) return null;
  const referrer = (input.given ?? "").trim();
  if (!referrer) return null;
  if (referrer === input.self.uid || referrer.toLowerCase() === input.self.email) return null;
  return { referrer, referrerUid: input.givenIsKnownUid ? referrer : null };
}
