import { randomUUID } from "node:crypto";
import { Router } from "express";
import { referralPath } from "../../../shared/api/affiliates";
import type { ClickRecorder } from "./click-recorder";

/** What a referral code is made of (URL-safe letters); anything else is no one's code. */
const CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** A tag as stored: lower case, bounded, and without NUL, which PostgreSQL text cannot hold. */
const clean = (value: unknown, max: number) =>
  typeof value === "string"
    ? value.replaceAll("\u0000", "").trim().toLowerCase().slice(0, max) || null
    : null;

/** Where a click came from: its utm_source, else the referring site's host, else "direct". */
export function clickSource(utmSource: unknown, referer: string | undefined): string {
  const utm = clean(utmSource, 60);
  if (utm) return utm;
  try {
    return referer ? new URL(referer).hostname.slice(0, 60) || "direct" : "direct";
  } catch {
    return "direct";
  }
}

export interface ReferralRedirectDeps {
  referralClicks: ClickRecorder;
}

/**
 * `GET /r/:code`: the short referral link (docs/affiliates.md#link-analytics). Answers the
 * redirect first, a bare 302 with no body, and hands the click to the click recorder, which
 * writes it with others in a batch: the visitor waits on no database read or write. An unknown
 * code still leads to registration, without a click; something that cannot be a code leads to
 * registration without it (a registration carrying it would be refused).
 */
export function referralRedirectRoutes(deps: ReferralRedirectDeps): Router {
  const router = Router();
  router.get("/r/:code", (req, res) => {
    const code = String(req.params.code).slice(0, 64);
    if (!CODE.test(code)) {
      res.writeHead(302, { Location: "/login", "Content-Length": "0" });
      res.end();
      return;
    }
    // The click's id rides along to registration, which credits the click with the new account.
    const id = randomUUID();
    res.writeHead(302, { Location: `${referralPath(code)}&click=${id}`, "Content-Length": "0" });
    res.end();
    deps.referralClicks.record({
      id,
      code,
      source: clickSource(req.query.utm_source, req.get("referer")),
      campaign: clean(req.query.utm_campaign, 80),
      at: new Date(),
    });
  });
  return router;
}
