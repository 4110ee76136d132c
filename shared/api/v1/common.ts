import { z } from "zod";

/** Where the public API lives, and its description. */
export const API_V1_BASE = "/api/v1";
export const API_V1_OPENAPI_PATH = "/api/v1/openapi.json";
/** The API reference page (served by the app). */
export const API_DOCS_PATH = "/docs/api";

export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 100;

/** `limit`: rows per page. */
export const ZPageLimit = z.coerce
  .number()
  .int()
  .min(1)
  .max(MAX_PAGE_SIZE)
  .default(DEFAULT_PAGE_SIZE)
  .meta({ description: `Rows per page, 1 to ${MAX_PAGE_SIZE}.`, example: 100 });

/** The opaque cursor that a page answers as `nextCursor`, to ask for the page after it. */
export const ZCursorText = z
  .string()
  .max(600)
  .meta({ description: "The `nextCursor` of the page before; leave out for the first page." });

/** A page of rows and the cursor of the next page (null on the last). */
export const paged = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.array(row),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as `cursor` for the next page; null on the last." }),
  });

/** Every error answer: a message a person can read, a code, and the fields at fault for a 400. */
export const ZApiError = z
  .object({
    message: z.string(),
    code: z.string().optional(),
    issues: z
      .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
      .optional(),
  })
  .meta({ id: "Error", description: "The error answer, on every 4xx and 5xx." });

/** Cursors are base64url JSON: opaque to callers, checked like any input. */
export function encodeCursor(value: unknown): string {
  const json = JSON.stringify(value);
  const bytes = new TextEncoder().encode(json);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The cursor's JSON, or undefined when it is not one of ours. */
export function decodeCursor(text: string): unknown {
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXACT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/** True for a UTC time that is a real instant (no 30 February), as the database reads it. */
export function isRealTime(text: string): boolean {
  if (!EXACT_TIME.test(text)) return false;
  const ms = Date.parse(text);
  return !Number.isNaN(ms) && ms > 0 && new Date(ms).toISOString().slice(0, 19) === text.slice(0, 19);
}

/**
 * A cursor of `[time, key]`: the last row's exact time and its tie-breaker (a name, or an id
 * when `keyIsId`).
 */
const timeCursor = (keyIsId: boolean) =>
  ZCursorText.transform((text, ctx) => {
    const value = decodeCursor(text);
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === "string" &&
      isRealTime(value[0]) &&
      typeof value[1] === "string" &&
      value[1].length <= 300 &&
      (!keyIsId || UUID.test(value[1]))
    ) {
      return { time: value[0], key: value[1] };
    }
    ctx.addIssue({ code: "custom", message: "Invalid cursor: pass the nextCursor of the page before" });
    return z.NEVER;
  });

/** A cursor of rows ordered by time, then name. */
export const ZTimeCursor = timeCursor(false);
/** A cursor of rows ordered by time, then id. */
export const ZTimeIdCursor = timeCursor(true);

/** A calendar day, `YYYY-MM-DD` (UTC). */
export const ZDay = z.iso
  .date("Enter a date as YYYY-MM-DD")
  .refine((day) => day >= "1970-01-01", "Dates start in 1970")
  .meta({ example: "2026-01-31" });

/** The last row of a page in a list ordered by a value, then by name: what the next page starts after. */
export interface TSortCursor {
  value: string;
  name: string;
}

/**
 * Reads the `cursor` of a list ordered by one of several values, then by name: a cursor of
 * `[value, name]` whose value has the shape the order asked for (`shapes[sort]`), checked before
 * it reaches SQL. A cursor of another order, or not one of ours, is refused as a 400.
 */
export function readSortCursor<S extends string>(shapes: Record<S, (value: string) => boolean>) {
  return <Q extends { cursor?: string; sort: S }>(
    { cursor, ...query }: Q,
    ctx: z.RefinementCtx,
  ): Omit<Q, "cursor"> & { after: TSortCursor | undefined } => {
    if (cursor === undefined) return { ...query, after: undefined };
    const value = decodeCursor(cursor);
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === "string" &&
      shapes[query.sort](value[0]) &&
      typeof value[1] === "string" &&
      value[1].length <= 300
    ) {
      return { ...query, after: { value: value[0], name: value[1] } };
    }
    ctx.addIssue({
      code: "custom",
      path: ["cursor"],
      message: "Invalid cursor: pass the X-Next-Cursor of the page before",
    });
    return z.NEVER;
  };
}

/** The area's API paths, as Express patterns (filled in with `pathTo`). */
export const API_V1_PATHS = {
  domains: "/api/v1/domains",
  domain: "/api/v1/domains/:id",
  domainPnl: "/api/v1/domains/:id/pnl",
  parkingReport: "/api/v1/parking-reports/:network",
  revenueEvents: "/api/v1/revenue/events",
  revenueDaily: "/api/v1/revenue/daily",
  pnl: "/api/v1/pnl",
  leads: "/api/v1/leads",
  balance: "/api/v1/balance",
  transactions: "/api/v1/transactions",
} as const;
