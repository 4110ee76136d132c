import { Router } from "express";
import { ADMIN_CONSOLE_PATHS } from "../../../shared/api/admin/console";
import type { AppDeps } from "../../deps";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { findUser } from "../auth/auth.service";
import { appraisalsAdminRoutes } from "./appraisals.routes";
import { leadBuyersAdminRoutes } from "./lead-buyers.routes";
import { leadsAdminRoutes } from "./leads.routes";
import { moneyAdminRoutes } from "./money.routes";
import { ordersAdminRoutes } from "./orders.routes";
import { payoutsAdminRoutes } from "./payouts.routes";
import { salesAdminRoutes } from "./sales.routes";
import { staffGate } from "./staff-gate";
import { taxFormsAdminRoutes } from "./tax-forms.routes";
import { ticketsAdminRoutes } from "./tickets.routes";
import { usersAdminRoutes } from "./users.routes";
import { workOrdersAdminRoutes } from "./work-orders.routes";

const at = mountedAt("/api/admin");

/** `/api/admin`: the operator console's API (docs/security.md#staff-and-the-operator-console), for staff signed in with a second factor only. */
export function adminRoutes(deps: AppDeps): Router {
  const { db } = deps;
  const router = Router();
  router.use(staffGate(db));

  /** The console's first call: who the staff member is; anyone else gets 404 from the gate. */
  router.get(
    at(ADMIN_CONSOLE_PATHS.me),
    handler({ auth: true }, async ({ userId }) => {
      const user = await findUser({ db, userId });
      return { staff: { id: userId, name: user?.name ?? "", email: user?.email ?? "" } };
    }),
  );

  // Each section's routes, one line each.
  router.use("/leads", leadsAdminRoutes(deps));
  router.use("/lead-buyers", leadBuyersAdminRoutes(deps));
  router.use("/orders", ordersAdminRoutes(deps));
  router.use("/payouts", payoutsAdminRoutes(deps));
  router.use("/tax-forms", taxFormsAdminRoutes(deps));
  router.use("/sales", salesAdminRoutes(deps));
  router.use("/users", usersAdminRoutes(deps));
  router.use("/tickets", ticketsAdminRoutes(deps));
  router.use("/work-orders", workOrdersAdminRoutes(deps));
  router.use("/appraisals", appraisalsAdminRoutes(deps));
  router.use(moneyAdminRoutes(deps));

  return router;
}
