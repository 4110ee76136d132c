import { z } from "zod";

/**
 * Every kind of entry in the account's activity (`account_events.kind`): what the server may
 * write and what Recent Activity draws an icon for. Snake case, one word per fact.
 */
export const ACCOUNT_EVENT_KINDS = [
  "domain_added",
  "domains_imported",
  "domain_verified",
  "domain_listed",
  "domain_sold",
  "domain_removed",
  "parking_report_imported",
  "order_paid",
  "order_refunded",
  "payout",
  "affiliate_joined",
  /** A registrar or parking network connected or removed (Settings → Connections). */
  "connection_changed",
  /** Threat monitoring: a sign-in from a new device or country, failed sign-ins, payout or API key changes. */
  "security_alert",
] as const;

export const ZAccountEventKind = z.enum(ACCOUNT_EVENT_KINDS);
export type TAccountEventKind = z.infer<typeof ZAccountEventKind>;
