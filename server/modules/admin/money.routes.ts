import { Router } from "express";
import { ADMIN_MONEY_PATHS, ZAdminMoneyQuery } from "../../../shared/api/admin/money";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { listChargebacks, listUnmatchedPayments } from "./admin-money";

const at = mountedAt("/api/admin");

export interface MoneyAdminDeps {
  db: Db;
}

/** `/api/admin/unmatched-payments` and `/api/admin/chargebacks`: money that went back by itself, for staff to follow. */
export function moneyAdminRoutes(deps: MoneyAdminDeps): Router {
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
