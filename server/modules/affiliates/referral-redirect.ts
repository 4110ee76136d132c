import { randomUUID } from "node:crypto";
import { Router } from "express";
import { referralPath } from "../../../shared/api/affiliates";
import type { AppDeps } from "../../deps";
import { clickOwners } from "./click-owners";

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
 * `GET /r/:code`: the short referral link (docs/affiliates.md#link-analytics). Answers the
 * redirect first, a bare 302 with no body, and records the click after: the code's owner from a
 * brief cache, then one insert of plain values, prepared once per connection and never awaited
 * by the visitor (a failure is logged). An unknown code still leads to registration, without a
 * click. Each click is its own insert, so a crash loses only the clicks whose insert had not yet
 * reached the database.
 */
export function referralRedirectRoutes(deps: AppDeps): Router {
  const router = Router();
  const ownerOf = clickOwners(deps.database.pool);
  const record = async (click: { id: string; code: string; source: string; campaign: string | null }) => {
    const owner = await ownerOf(click.code);
    if (!owner) return;
    await deps.database.pool.query({
      name: "referral-click",
      text: "insert into referral_clicks (id, user_id, code, source, utm_campaign) values ($1, $2, $3, $4, $5)",
      values: [click.id, owner, click.code, click.source, click.campaign],
    });
  };
  router.get("/r/:code", (req, res) => {
    const code = String(req.params.code).slice(0, 64);
    // The click's id rides along to registration, which credits the click with the new account.
    const id = randomUUID();
    res.writeHead(302, { Location: `${referralPath(code)}&click=${id}`, "Content-Length": "0" });
    res.end();
    const source = clickSource(req.query.utm_source, req.get("referer"));
    record({ id, code, source, campaign: clean(req.query.utm_campaign, 80) }).catch((error: unknown) =>
      deps.logger.warn({ err: error }, "referral click not recorded"),
    );
  });
  return router;
}
