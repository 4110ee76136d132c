import { Router } from "express";
import { ZAdminMoneyQuery } from "../../../shared/api/admin/money";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { listChargebacks, listUnmatchedPayments } from "./admin-money";

export interface MoneyAdminDeps {
  db: Db;
}

/** `/api/admin/unmatched-payments` and `/api/admin/chargebacks`: money that went back by itself, for staff to follow. */
export function moneyAdminRoutes(deps: MoneyAdminDeps): Router {
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
