import { z } from "zod";

/** Proving an address (`/api/auth/email…`): at registration, and for a change of address. */
export const EMAIL_PATHS = {
  /** `GET`: the account's address, whether it is confirmed, and a change waiting for its link. */
  status: "/api/auth/email",
  /** `POST`: mails the waiting link again (a fresh one; the last one stops working). */
  resend: "/api/auth/email/resend",
  /** `DELETE`: drops the waiting change of address. */
  pending: "/api/auth/email/pending",
  /** `POST {token}`: the link mailed to the address proves it (signed in or not). */
  confirm: "/api/auth/email/confirm",
  /** `POST {token}`: the link mailed to the old address cancels a waiting change. */
  cancel: "/api/auth/email/cancel",
} as const;

export { CANCEL_EMAIL_CHANGE_PATH, CONFIRM_EMAIL_PATH } from "../../page-paths";

/** How long a confirmation link works, once. */
export const EMAIL_LINK_VALID_MINUTES = 30;

export const ZEmailStatus = z.object({
  email: z.string(),
  confirmed: z.boolean(),
  /** A new address that takes effect once the link mailed to it is opened; `expiresAt` is the link's. */
  pending: z.object({ email: z.string(), expiresAt: z.string() }).nullable(),
});
export type TEmailStatus = z.infer<typeof ZEmailStatus>;

export const ZEmailTokenBody = z.object({ token: z.string().trim().min(1, "Required").max(200) });
