import { Router } from "express";
import { ZReportParams } from "../../../shared/api/reports";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { reportPdf } from "./report-pdf";
import { getReport, listReports } from "./reports.service";

export interface ReportDeps {
  db: Db;
}

/** `/api/reports`: the signed-in user's own reports (docs/reports.md). */
export function reportRoutes(deps: ReportDeps): Router {
  const { db } = deps;
  const router = Router();
  router.get(
    "/",
    handler({ auth: true }, ({ userId }) => listReports(db, userId)),
  );
  router.get(
    "/:id",
    handler({ auth: true, params: ZReportParams }, ({ userId, params }) => getReport(db, userId, params.id)),
  );
  router.get(
    "/:id/pdf",
    handler({ auth: true, params: ZReportParams }, async ({ userId, params, res }) => {
      const { pdf } = await reportPdf(db, userId, params.id);
      res
        .type("application/pdf")
        .set("Content-Disposition", `attachment; filename="parkpilot-report-${params.id}.pdf"`)
        .send(pdf);
    }),
  );
  return router;
}
