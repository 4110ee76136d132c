import { Router } from "express";
import { ADMIN_CONSOLE_PATHS } from "../../../shared/api/admin/console";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { findUser } from "../auth/auth.service";
import { type AppraisalsAdminDeps, appraisalsAdminRoutes } from "./appraisals.routes";
import { type LeadBuyersAdminDeps, leadBuyersAdminRoutes } from "./lead-buyers.routes";
import { type LeadsAdminDeps, leadsAdminRoutes } from "./leads.routes";
import { type MoneyAdminDeps, moneyAdminRoutes } from "./money.routes";
import { type OrdersAdminDeps, ordersAdminRoutes } from "./orders.routes";
import { type PayoutsAdminDeps, payoutsAdminRoutes } from "./payouts.routes";
import { type SalesAdminDeps, salesAdminRoutes } from "./sales.routes";
import { staffGate } from "./staff-gate";
import { type TaxFormsAdminDeps, taxFormsAdminRoutes } from "./tax-forms.routes";
import { type TicketsAdminDeps, ticketsAdminRoutes } from "./tickets.routes";
import { type UsersAdminDeps, usersAdminRoutes } from "./users.routes";
import { type WorkOrdersAdminDeps, workOrdersAdminRoutes } from "./work-orders.routes";

const at = mountedAt("/api/admin");

/** What the operator console needs of the app: what each of its routes needs. */
export type AdminDeps = AppraisalsAdminDeps &
  LeadBuyersAdminDeps &
  LeadsAdminDeps &
  MoneyAdminDeps &
  OrdersAdminDeps &
  PayoutsAdminDeps &
  SalesAdminDeps &
  TaxFormsAdminDeps &
  TicketsAdminDeps &
  UsersAdminDeps &
  WorkOrdersAdminDeps;

/** `/api/admin`: the operator console's API (docs/security.md#staff-and-the-operator-console), for staff signed in with a second factor only. */
export function adminRoutes(deps: AdminDeps): Router {
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
