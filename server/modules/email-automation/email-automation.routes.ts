import { type Response, Router } from "express";
import { z } from "zod";
import {
  EMAIL_AUTOMATION_PATHS,
  EMAIL_SEQUENCES_PATH,
  ZNewSequence,
} from "../../../shared/api/email-automation";
import { mountedAt } from "../../http/mounted-at";

const at = mountedAt("/api/email");

import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import type { Config } from "../../lib/config";
import { createSequence, deleteSequence, emailAutomation, unsubscribe } from "./email-automation.service";
import { readUnsubscribeToken } from "./unsubscribe-token";

const ZSequenceParams = z.object({ id: z.uuid("Unknown sequence.") });

/** What the email automation's routes (and the unsubscribe link) need of the app. */
export interface EmailAutomationDeps {
  db: Db;
  config: Pick<Config, "sessionSecret">;
}

/** `/api/email/sequences`: the Email Automation tool (403 without it). */
export function emailAutomationRoutes(deps: EmailAutomationDeps): Router {
  const { db } = deps;
  const router = Router();
  router.get(
    at(EMAIL_SEQUENCES_PATH),
    handler({ auth: true }, ({ userId }) => emailAutomation({ db, userId })),
  );
  router.post(
    at(EMAIL_SEQUENCES_PATH),
    handler({ auth: true, body: ZNewSequence, status: 201 }, ({ userId, body }) =>
      createSequence({ db, userId, input: body }),
    ),
  );
  router.delete(
    at(EMAIL_AUTOMATION_PATHS.sequence),
    handler({ auth: true, params: ZSequenceParams }, ({ userId, params }) =>
      deleteSequence({ db, userId, id: params.id }),
    ),
  );
  return router;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title} · ParkPilot</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#0f172a}button{background:#047857;color:#fff;border:0;border-radius:.5rem;padding:.6rem 1rem;font-size:1rem;cursor:pointer}</style></head><body><h1>${title}</h1>${body}</body></html>`;

/** The answer to a link whose token does not verify. */
const notRecognised = (res: Response) =>
  res
    .status(404)
    .type("html")
    .send(page("Link not recognised", "<p>This unsubscribe link is not valid.</p>"));

/**
 * `/unsubscribe/<token>`: the page a recipient opens (a button that confirms), and the one-click
 * POST that mail clients send from the List-Unsubscribe-Post header (RFC 8058). Either way the
 * address gets no more mail from that sender's sequences.
 */
export function unsubscribeRoutes(deps: EmailAutomationDeps): Router {
  const router = Router();
  const secret = deps.config.sessionSecret;
  router.get("/unsubscribe/:token", (req, res) => {
    const found = readUnsubscribeToken(secret, String(req.params.token));
    res.set("Cache-Control", "no-store");
    if (!found) {
      notRecognised(res);
      return;
    }
    res
      .type("html")
      .send(
        page(
          "Unsubscribe",
          `<p>Stop the emails your ParkPilot referrer sends to this address?</p><form method="post"><button type="submit">Unsubscribe</button></form>`,
        ),
      );
  });
  router.post("/unsubscribe/:token", async (req, res, next) => {
    try {
      const found = readUnsubscribeToken(secret, String(req.params.token));
      if (!found) {
        notRecognised(res);
        return;
      }
      await unsubscribe(deps.db, found.senderId, found.email);
      res
        .type("html")
        .send(
          page("You are unsubscribed", "<p>You will get no more emails from this sequence's sender.</p>"),
        );
    } catch (error) {
      next(error);
    }
  });
  return router;
}
