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
  steps: z.array(ZSequenceStep.extend({ sent: z.number(), skipped: z.number() })),
});
export const ZEmailAutomation = z.object({
  sequences: z.array(ZSequence),
  /** Addresses that unsubscribed from the user's mail, newest first. */
  unsubscribed: z.array(z.object({ email: z.string(), at: z.string() })),
  sentToday: z.number(),
  dailyLimit: z.number(),
});
export type TEmailAutomation = z.infer<typeof ZEmailAutomation>;
