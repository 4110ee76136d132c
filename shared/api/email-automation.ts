import { z } from "zod";

/** Email Automation (docs/affiliates.md#email-automation). */
export const EMAIL_SEQUENCES_PATH = "/api/email/sequences";
export const EMAIL_AUTOMATION_FEATURE = "marketing-tool:email-automation";
/** The one-click unsubscribe address carried by every sequence email. */
export const unsubscribePath = (token: string) => `/unsubscribe/${encodeURIComponent(token)}`;
/** At most this many sequence emails leave one account a day; the rest wait for the next day. */
export const DAILY_SEND_LIMIT = 200;
/** The merge fields a subject or body may use. */
export const MERGE_FIELDS = ["{{firstName}}", "{{name}}", "{{referralLink}}", "{{senderName}}"] as const;

export const ZSequenceStep = z.object({
  day: z.number().int().min(0, "Day 0 is the sign-up day.").max(365, "At most day 365."),
  subject: z.string().trim().min(1, "Write a subject.").max(200),
  body: z.string().trim().min(1, "Write the email.").max(10_000),
});

export const ZNewSequence = z.object({
  name: z.string().trim().min(1, "Name the sequence.").max(100),
  steps: z.array(ZSequenceStep).min(1, "Add at least one email.").max(20, "At most 20 emails."),
});
export type TNewSequence = z.input<typeof ZNewSequence>;

export const ZSequence = z.object({
  id: z.string(),
  name: z.string(),
  /**
   * Per step: delivered, skipped (unsubscribed or bounced before), refused by the recipient's
   * mail server (hard and soft bounces), and still being retried.
   */
  steps: z.array(
    ZSequenceStep.extend({ sent: z.number(), skipped: z.number(), bounced: z.number(), pending: z.number() }),
  ),
  /** Hard bounces (refused for good), soft bounces (refused on every try). */
  hardBounces: z.number(),
  softBounces: z.number(),
  /** Recipients of this sequence who unsubscribed from the user's mail. */
  unsubscribes: z.number(),
});
/** One refused email: the address, the sequence and step, and the mail server's answer. */
export const ZBounce = z.object({
  email: z.string(),
  kind: z.enum(["hard", "soft"]),
  sequence: z.string(),
  step: z.number(),
  detail: z.string().nullable(),
  at: z.string(),
});
export const ZEmailAutomation = z.object({
  sequences: z.array(ZSequence),
  /** Addresses that unsubscribed from the user's mail, newest first. */
  unsubscribed: z.array(z.object({ email: z.string(), at: z.string() })),
  /** Refused emails, newest first; a hard-bounced address gets no more mail from any sequence. */
  bounces: z.array(ZBounce),
  sentToday: z.number(),
  dailyLimit: z.number(),
});
export type TEmailAutomation = z.infer<typeof ZEmailAutomation>;

/** The area's API paths, as Express patterns (filled in with `pathTo`). */
export const EMAIL_AUTOMATION_PATHS = {
  sequence: "/api/email/sequences/:id",
} as const;
