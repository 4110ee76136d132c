import { Router } from "express";
import { z } from "zod";
import {
  ADMIN_LEADS_PATHS,
  ZAdminLeadFilter,
  ZAdminLeadsQuery,
  ZReturnLeadBody,
} from "../../../shared/api/admin/leads";
import type { Db } from "../../db/pool";
import { AppError } from "../../http/app-error";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { requestMeta } from "../../http/request-meta";
import { sendCsv } from "../../http/send-csv";
import { returnLead } from "../lead-sales/return-lead";
import { exportLeads, leadCounts, searchLeads } from "../leads/leads-console";
import { recordStaffAction } from "./staff-gate";

const at = mountedAt("/api/admin/leads");

const ZLeadIdParams = z.object({ id: z.uuid("Unknown lead") });

export interface LeadsAdminDeps {
  db: Db;
}

/** `/api/admin/leads`: every owner's leads, for staff (docs/security.md#staff-and-the-operator-console). */
export function leadsAdminRoutes(deps: LeadsAdminDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    at(ADMIN_LEADS_PATHS.list),
    handler({ auth: true, query: ZAdminLeadsQuery }, ({ query }) => searchLeads(db, query)),
  );
  router.get(
    at(ADMIN_LEADS_PATHS.counts),
    handler({ auth: true, query: ZAdminLeadFilter }, ({ query }) => leadCounts(db, query)),
  );
  router.get(
    at(ADMIN_LEADS_PATHS.export),
    handler({ auth: true, query: ZAdminLeadFilter }, async ({ userId, query, req, res }) => {
      const body = await exportLeads(db, query);
      await recordStaffAction(db, requestMeta(req), {
        staffId: userId,
        action: "leads.exported",
        object: { kind: "leads", id: "search" },
        detail: { filter: query },
      });
      sendCsv(res, { fileName: "leads.csv", body });
    }),
  );
  /** Returns a lead (not a real person, a duplicate): its earning is reversed (docs/money.md). */
  router.post(
    at(ADMIN_LEADS_PATHS.return),
    handler(
      { auth: true, params: ZLeadIdParams, body: ZReturnLeadBody },
      async ({ userId, params, body, req }) => {
        const returned = await returnLead({ db, leadId: params.id, reason: body.reason });
        if (!returned) throw new AppError("CONFLICT", "This lead was returned already.");
        await recordStaffAction(db, requestMeta(req), {
          staffId: userId,
          action: "lead.returned",
          object: { kind: "lead", id: params.id },
          detail: { reason: body.reason },
        });
        return { returned: true };
      },
    ),
  );

  return router;
}
