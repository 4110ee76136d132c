import { Router } from "express";
import { ADMIN_PAYOUTS_PATHS } from "../../../shared/api/admin/payouts";
import { ZYearParams } from "../../../shared/api/payouts";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { requestMeta } from "../../http/request-meta";
import { sendCsv } from "../../http/send-csv";
import type { SecretBox } from "../../lib/secret-box";
import { recordAudit } from "../audit/audit-log";
import { missingTaxForms } from "../payouts/tax-forms.service";
import { yearEndCsv } from "../payouts/year-end.service";

const at = mountedAt("/api/admin/tax-forms");

export interface TaxFormsAdminDeps {
  db: Db;
  taxIdKeys: SecretBox;
}

/** `/api/admin/tax-forms`: payees with money and no tax form, and the year-end 1099 export. */
export function taxFormsAdminRoutes(deps: TaxFormsAdminDeps): Router {
  const { db } = deps;
  const router = Router();
  router.get(
    at(ADMIN_PAYOUTS_PATHS.missingTaxForms),
    handler({ auth: true }, () => missingTaxForms(db)),
  );
  router.get(
    at(ADMIN_PAYOUTS_PATHS.yearEndTaxForms),
    handler({ auth: true, params: ZYearParams }, async ({ params, req, res, userId }) => {
      const body = await yearEndCsv(db, params.year, deps.taxIdKeys);
      // The export carries every payee's whole TIN: who took it, and when, is on the record.
      await recordAudit(db, {
        userId,
        event: "tax_export_downloaded",
        meta: requestMeta(req),
        detail: { year: params.year },
      });
      sendCsv(res, { fileName: `parkpilot-1099-${params.year}.csv`, body });
    }),
  );
  return router;
}
