import { Router } from "express";
import {
  SUPPORT_PATHS,
  ZNewTicketBody,
  ZTicketMessageBody,
  ZTicketParams,
} from "../../../shared/api/support";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import type { RateLimit } from "../../http/rate-limit";
import type { Config } from "../../lib/config";
import type { Mailer } from "../../mail/mailer";
import { supportTargetOf } from "./support-tier";
import { addUserMessage, closeTicket, listTickets, openTicket, ticketThread } from "./user-tickets";

const at = mountedAt("/api/support");

export interface SupportDeps {
  db: Db;
  mailer: Mailer;
  limits: { supportTickets: RateLimit };
  config: Pick<Config, "appUrl" | "supportEmail">;
}

/** `/api/support`: the signed-in user's own support tickets (docs/money.md#what-each-purchase-delivers). */
export function supportRoutes(deps: SupportDeps): Router {
  const { db, mailer, config } = deps;
  const ctx = { db, mailer, supportEmail: config.supportEmail, appUrl: config.appUrl };
  const router = Router();

  router.get(
    at(SUPPORT_PATHS.target),
    handler({ auth: true }, ({ userId }) => supportTargetOf(db, userId)),
  );
  router.get(
    at(SUPPORT_PATHS.list),
    handler({ auth: true }, ({ userId }) => listTickets(db, userId)),
  );
  router.post(
    at(SUPPORT_PATHS.list),
    handler({ auth: true, body: ZNewTicketBody, status: 201 }, ({ userId, body }) =>
      openTicket({ ...ctx, limit: deps.limits.supportTickets, userId, body }),
    ),
  );
  router.get(
    at(SUPPORT_PATHS.one),
    handler({ auth: true, params: ZTicketParams }, ({ userId, params }) =>
      ticketThread(db, userId, params.id),
    ),
  );
  router.post(
    at(SUPPORT_PATHS.messages),
    handler(
      { auth: true, params: ZTicketParams, body: ZTicketMessageBody, status: 201 },
      ({ userId, params, body }) => addUserMessage({ ...ctx, userId, ticketId: params.id, body: body.body }),
    ),
  );
  router.post(
    at(SUPPORT_PATHS.close),
    handler({ auth: true, params: ZTicketParams }, ({ userId, params }) =>
      closeTicket(db, userId, params.id),
    ),
  );
  return router;
}
