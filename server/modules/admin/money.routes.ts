import { Router } from "express";
import { ADMIN_MONEY_PATHS, ZAdminMoneyQuery } from "../../../shared/api/admin/money";
import type { AppDeps } from "../../deps";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { listChargebacks, listUnmatchedPayments } from "./admin-money";

const at = mountedAt("/api/admin");

/** `/api/admin/unmatched-payments` and `/api/admin/chargebacks`: money that went back by itself, for staff to follow. */
export function moneyAdminRoutes(deps: Pick<AppDeps, "db">): Router {
  const router = Router();
  router.get(
    at(ADMIN_MONEY_PATHS.unmatchedPayments),
    handler({ auth: true, query: ZAdminMoneyQuery }, ({ query }) => listUnmatchedPayments(deps.db, query)),
  );
  router.get(
    at(ADMIN_MONEY_PATHS.chargebacks),
    handler({ auth: true, query: ZAdminMoneyQuery }, ({ query }) => listChargebacks(deps.db, query)),
  );
  return router;
}
