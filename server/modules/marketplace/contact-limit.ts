import type pg from "pg";
import { createRateLimit, waitInWords } from "../../http/rate-limit";

/** Messages one buyer may send sellers per hour. */
export const CONTACTS_PER_HOUR = 20;

/**
 * Limits how many sellers a buyer can write to, per sender account, so a flood of messages
 * cannot fill sellers' inboxes.
 */
export function createContactLimit(pool: pg.Pool, points = CONTACTS_PER_HOUR) {
  return createRateLimit(pool, {
    keyPrefix: "marketplace_contact",
    points,
    windowSeconds: 60 * 60,
    message: (wait) => `You have sent too many messages. Please try again in ${waitInWords(wait)}.`,
  });
}

export type ContactLimit = ReturnType<typeof createContactLimit>;
