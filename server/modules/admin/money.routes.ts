import { Router } from "express";
import { ZAdminMoneyQuery } from "../../../shared/api/admin/money";
import type { AppDeps } from "../../deps";
import { handler } from "../../http/handler";
import { listChargebacks, listUnmatchedPayments } from "./admin-money";

/** `/api/admin/unmatched-payments` and `/api/admin/chargebacks`: money that went back by itself, for staff to follow. */
export function moneyAdminRoutes(deps: Pick<AppDeps, "db">): Router {
  const router = Router();
  router.get(
    "/unmatched-payments",
    handler({ auth: true, query: ZAdminMoneyQuery }, ({ query }) => listUnmatchedPayments(deps.db, query)),
  );
  router.get(
    "/chargebacks",
    handler({ auth: true, query: ZAdminMoneyQuery }, ({ query }) => listChargebacks(deps.db, query)),
  );
  return router;
}
