import { Router } from "express";
import {
  ADMIN_TICKETS_PATHS,
  ZAdminTicketsQuery,
  ZTicketMessageBody,
  ZTicketParams,
  ZTicketStatusBody,
} from "../../../shared/api/support";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { requestMeta } from "../../http/request-meta";
import type { Config } from "../../lib/config";
import type { Mailer } from "../../mail/mailer";
import { setTicketStatus, staffReply, staffTicketThread, ticketQueue } from "../support/staff-tickets";
import { recordStaffAction } from "./staff-gate";

const at = mountedAt("/api/admin/tickets");

export interface TicketsAdminDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, "appUrl">;
}

/** `/api/admin/tickets`: the support queue, a ticket's thread, replies and status (docs/security.md#staff-and-the-operator-console). */
export function ticketsAdminRoutes(deps: TicketsAdminDeps): Router {
  const { db, mailer, config } = deps;
  const router = Router();

  router.get(
    at(ADMIN_TICKETS_PATHS.list),
    handler({ auth: true, query: ZAdminTicketsQuery }, ({ query }) => ticketQueue(db, query)),
  );
  router.get(
    at(ADMIN_TICKETS_PATHS.one),
    handler({ auth: true, params: ZTicketParams }, ({ params }) => staffTicketThread(db, params.id)),
  );
  router.post(
    at(ADMIN_TICKETS_PATHS.reply),
    handler(
      { auth: true, params: ZTicketParams, body: ZTicketMessageBody, status: 201 },
      async ({ userId, params, body, req }) => {
        const thread = await staffReply({
          db,
          mailer,
          appUrl: config.appUrl,
          staffId: userId,
          ticketId: params.id,
          body: body.body,
        });
        await recordStaffAction(db, requestMeta(req), {
          staffId: userId,
          action: "ticket.replied",
          object: { kind: "support_ticket", id: params.id },
        });
        return thread;
      },
    ),
  );
  router.post(
    at(ADMIN_TICKETS_PATHS.status),
    handler(
      { auth: true, params: ZTicketParams, body: ZTicketStatusBody },
      async ({ userId, params, body, req }) => {
        const thread = await setTicketStatus(db, params.id, body.status);
        await recordStaffAction(db, requestMeta(req), {
          staffId: userId,
          action: "ticket.status_changed",
          object: { kind: "support_ticket", id: params.id },
          detail: { status: body.status },
        });
        return thread;
      },
    ),
  );
  return router;
}
