import { createHmac } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { isIP } from "node:net";
import accepts from "accepts";
import { sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import { UTC_TODAY } from "../../db/iso-time";
import type { Db } from "../../db/pool";
import { isAutomatedAgent } from "../../lib/automated-agent";
import type { Config } from "../../lib/config";
import { headerMemo } from "../../lib/header-memo";
import { normalizeHost } from "../../lib/hostname";
import type { Logger } from "../../lib/logger";
import { countryCodeOf } from "../../lib/place";

/** A visitor seen again within this window is the same visit. */
export const REPEAT_VISIT_MINUTES = 30;
/** About one recorded visit in this many also clears sightings too old to matter. */
const PRUNE_EVERY = 500;
/**
 * A visitor this instance counted (or tried to) within this many seconds is not sent to the
 * database again: the database would not count it either (30-minute window), and a page reloaded
 * in a loop would otherwise cost a write per view.
 */
const RECENT_SECONDS = 60;
const RECENT_LIMIT = 20_000;
/** How much of the user agent tells a recent visitor apart (the rest is rarely more than version noise). */
const RECENT_AGENT_CHARS = 256;

/**
 * Counts a visit to a verified domain for today (UTC), unless the same visitor was
 * counted within the last 30 minutes; one statement, so concurrent requests cannot double it.
 * Answers whether a visit was counted; a host that is not a verified domain (docs/security.md#domain-ownership) counts
 * nothing, however many accounts hold the name unverified.
 */
export async function recordParkedVisit(options: {
  db: Db;
  host: string;
  visitorKey: string;
  /** The visitor's country code, "" when unknown. */
  country?: string;
  /** The referring site's host, "" when the visit came direct. */
  referrer?: string;
}): Promise<boolean> {
  const { db, host, visitorKey } = options;
  const country = options.country ?? "";
  const referrer = options.referrer ?? "";
  const result = await db.execute(sql`
    with domain as (
      select id, user_id from domains where name = ${host} and verified_at is not null
    ),
    fresh as (
      insert into domain_visitors (domain_id, visitor_key, last_seen_at)
      select id, ${visitorKey}, now() from domain
      on conflict (domain_id, visitor_key) do update set last_seen_at = excluded.last_seen_at
        where domain_visitors.last_seen_at <= excluded.last_seen_at - ${`${REPEAT_VISIT_MINUTES} minutes`}::interval
      returning domain_id
    ),
    counted as (
      insert into domain_traffic (domain_id, user_id, day, visits)
      select domain.id, domain.user_id, ${UTC_TODAY}, 1 from domain join fresh on fresh.domain_id = domain.id
      on conflict (domain_id, day) do update set visits = domain_traffic.visits + 1
      returning domain_id, user_id, day
    ),
    -- A visit while the page shows the listing's price is a view of the name's for-sale lander.
    lander as (
      update domains set lander_views = lander_views + 1
      where id in (select domain_id from counted)
        and marketplace_price > 0 and sold_at is null and sale_banner
    )
    insert into domain_visit_sources (domain_id, user_id, day, country, referrer, visits)
    select domain_id, user_id, day, ${country}, ${referrer}, 1 from counted
    on conflict (domain_id, day, country, referrer) do update set visits = domain_visit_sources.visits + 1
  `);
  return (result.rowCount ?? 0) > 0;
}

async function pruneSightings(db: Db): Promise<void> {
  await db.execute(
    sql`delete from domain_visitors where last_seen_at < now() - ${`${REPEAT_VISIT_MINUTES} minutes`}::interval`,
  );
}

/**
 * The referring site's host ("news.example.org"), or "" for a direct visit, an unreadable header
 * or a reload of the parked page itself.
 */
export function referrerHost(header: string | undefined, host: string): string {
  if (!header) return "";
  try {
    const from = normalizeHost(new URL(header).host).slice(0, 253);
    return from === host ? "" : from;
  } catch {
    return "";
  }
}

const takesHtml = headerMemo<boolean>();

/** The request's header of that name as one value (a repeated header's first). */
const headerOf = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * True for a browser opening the landing page itself (`path`, the request's without its query):
 * not assets, API calls, prefetches or bots.
 */
export function isLandingPageView(req: IncomingMessage, path: string): boolean {
  if (req.method !== "GET" || path !== "/") return false;
  const dest = headerOf(req, "sec-fetch-dest");
  if (dest && dest !== "document") return false;
  if (headerOf(req, "sec-purpose") || headerOf(req, "purpose")) return false;
  if (isAutomatedAgent(headerOf(req, "user-agent"))) return false;
  return takesHtml(headerOf(req, "accept") ?? "", () => accepts(req).type("html") === "html");
}

/** What counting parked pages' visits needs of the app. */
export interface ParkedVisitDeps {
  db: Db;
  logger: Logger;
  config: Pick<Config, "PUBLIC_URL" | "sessionSecret">;
}

/**
 * Counts the views of parked domains' landing pages, each once the page was served: the count
 * runs after the answer and its failure is only logged, so it never slows or breaks serving the
 * page. `middleware` does it before the web client for any request Express takes; `countView`
 * for a page answered before Express (`parkedHost`'s fast path), given the domain's host and the
 * client's address as that path read them.
 */
export function parkedVisitCounter(deps: ParkedVisitDeps) {
  const ownHost = deps.config.PUBLIC_URL ? normalizeHost(new URL(deps.config.PUBLIC_URL).host) : "";
  // In memory only, and for a minute: the visitor's address and agent as they came.
  const recent = new Map<string, number>();
  const seenRecently = (key: string) => {
    const last = recent.get(key);
    return last !== undefined && Date.now() - last < RECENT_SECONDS * 1000;
  };
  // Only a counted visit is remembered: a view of a name not verified yet counts nothing, and the
  // first view once it is verified must still count.
  const remember = (key: string) => {
    if (recent.size >= RECENT_LIMIT) recent.clear();
    recent.set(key, Date.now());
  };
  // The host a request names, as a domain row stores it, or "" for the app's own or an address.
  const hosts = headerMemo<string>();
  const domainHost = (hostname: string) =>
    hosts(hostname, () => {
      const host = normalizeHost(hostname);
      return host.includes(".") && host !== ownHost && !isIP(host) ? host : "";
    });

  /** A landing-page view of `host` by the visitor at `ip`, counted once `res` is answered. */
  function count(req: IncomingMessage, res: ServerResponse, host: string, ip: string): void {
    const agent = headerOf(req, "user-agent") ?? "";
    const key = `${host}|${ip}|${agent.slice(0, RECENT_AGENT_CHARS)}`;
    // A visitor counted within the minute is not counted again: nothing to do once answered.
    if (seenRecently(key)) return;
    res.once("finish", () => {
      if (res.statusCode >= 400) return;
      // Keyed so that neither the address nor the agent can be read back from the table.
      const visitorKey = createHmac("sha256", deps.config.sessionSecret)
        .update(`${ip}|${agent}`)
        .digest("base64url");
      const country = countryCodeOf(ip) ?? "";
      const referrer = referrerHost(headerOf(req, "referer") ?? headerOf(req, "referrer"), host);
      recordParkedVisit({ db: deps.db, host, visitorKey, country, referrer })
        .then((counted) => {
          if (counted) remember(key);
          return counted && Math.random() * PRUNE_EVERY < 1 ? pruneSightings(deps.db) : undefined;
        })
        .catch((error: unknown) => deps.logger.warn({ err: error, host }, "parked visit not counted"));
    });
  }

  /** A view of `host`'s page at `path` by the visitor at `ip`, counted if it is a landing-page view. */
  const countView = (
    req: IncomingMessage,
    res: ServerResponse,
    view: { path: string; host: string; ip: string },
  ) => {
    if (isLandingPageView(req, view.path)) count(req, res, view.host, view.ip);
  };
  const middleware: RequestHandler = (req, res, next) => {
    if (isLandingPageView(req, req.path)) {
      const host = domainHost(req.hostname ?? "");
      if (host) count(req, res, host, req.ip ?? "");
    }
    next();
  };
  return { middleware, countView };
}
