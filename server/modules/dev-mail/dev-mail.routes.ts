import { Router } from "express";
import type { Db } from "../../db/pool";
import { AppError } from "../../http/app-error";
import { handler } from "../../http/handler";
import { noStore } from "../../http/security-headers";
import type { Config } from "../../lib/config";
import { type DevMail, listDevMail } from "./dev-mail.service";

/** The address of the mail page; it exists in development and tests only. */
export const DEV_MAIL_PATH = "/__dev/mail";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(messages: DevMail[]): string {
  const items = messages.map(
    (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.sentAt)}</p>
  <pre>${escapeHtml(m.text)}</pre>
  ${m.links.map((l) => `<p><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></p>`).join("")}
</article>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sent mail (development) · ParkPilot</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
article{border:1px solid #e5e7eb;border-radius:.75rem;padding:1rem 1.25rem;margin:1rem 0}h2{font-size:1.05rem;margin:0}
.meta{color:#6b7280;margin:.25rem 0 .75rem}pre{white-space:pre-wrap;word-break:break-word;font:inherit;margin:0 0 .5rem}a{word-break:break-all}</style>
</head><body><h1>Sent mail</h1><p>What the app has sent, newest first (development and tests only; production answers 404).</p>
${items.join("\n") || "<p>No mail yet.</p>"}
</body></html>`;
}

export interface DevMailDeps {
  db: Db;
  config: Pick<Config, "isProduction">;
}

/**
 * `GET /__dev/mail`: the mail the app sent (the outbox), newest first, so a reset or confirmation
 * link can be followed without an SMTP server. HTML for people; JSON when asked for it.
 */
export function devMailRoutes(deps: DevMailDeps): Router {
  const router = Router();
  // Production has no such page: a plain 404, not the web client's shell.
  if (deps.config.isProduction) {
    router.use("/__dev", (req, _res, next) =>
      next(new AppError("NOT_FOUND", `No route for ${req.method} ${req.originalUrl.split("?")[0]}`)),
    );
    return router;
  }
  router.get(
    DEV_MAIL_PATH,
    noStore,
    handler({}, async ({ req, res }) => {
      const messages = await listDevMail(deps.db);
      if (req.accepts(["html", "json"]) === "json") return { messages };
      res.type("html").send(page(messages));
    }),
  );
  return router;
}
