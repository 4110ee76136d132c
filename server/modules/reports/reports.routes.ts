import { Router } from "express";
import { REPORTS_PATHS, ZReportParams } from "../../../shared/api/reports";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { reportPdf } from "./report-pdf";
import { getReport, listReports } from "./reports.service";

const at = mountedAt("/api/reports");

export interface ReportDeps {
  db: Db;
}

/** `/api/reports`: the signed-in user's own reports (docs/reports.md). */
export function reportRoutes(deps: ReportDeps): Router {
  const { db } = deps;
  const router = Router();
  router.get(
    at(REPORTS_PATHS.list),
    handler({ auth: true }, ({ userId }) => listReports(db, userId)),
  );
  router.get(
    at(REPORTS_PATHS.one),
    handler({ auth: true, params: ZReportParams }, ({ userId, params }) => getReport(db, userId, params.id)),
  );
  router.get(
    at(REPORTS_PATHS.pdf),
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
