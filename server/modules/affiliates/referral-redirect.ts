import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { Router } from "express";
import { referralPath } from "../../../shared/api/affiliates";
import type { AppDeps } from "../../deps";

const clean = (value: unknown, max: number) =>
  typeof value === "string" ? value.trim().toLowerCase().slice(0, max) || null : null;

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

/**
 * `GET /r/:code`: the short referral link. Answers the redirect to registration first and counts
 * the click after (one indexed insert), so a slow write never delays a visitor. An unknown code
 * still leads to registration, without a click.
 */
export function referralRedirectRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get("/r/:code", (req, res) => {
    const code = String(req.params.code).slice(0, 64);
    // The click's id rides along to registration, which credits the click with the new account.
    const clickId = randomUUID();
    res.redirect(302, `${referralPath(code)}&click=${clickId}`);
    const source = clickSource(req.query.utm_source, req.get("referer"));
    const campaign = clean(req.query.utm_campaign, 80);
    deps.db
      .execute(sql`
        insert into referral_clicks (id, user_id, code, source, utm_campaign)
        select ${clickId}::uuid, owner, ${code}, ${source}, ${campaign} from (
          select id as owner from users where referral_code = ${code}
          union all
          select user_id from affiliates where referral_code = ${code} and referred_user_id is null
          limit 1
        ) o
      `)
      .catch((error: unknown) => deps.logger.warn({ err: error }, "referral click not recorded"));
  });
  return router;
}
