import { type RequestHandler, Router } from "express";
import { ZDashboardQuery, ZGoalBody, ZGoalParams, ZStreamsQuery } from "../../../shared/api/revenue";
import type { AppDeps } from "../../deps";
import { handler } from "../../http/handler";
import { getDashboard, listStreams } from "./dashboard.service";
import { createGoal, deleteGoal, listGoals } from "./goals.service";

/**
 * Polled reads may be kept by the browser but must be revalidated every time: with Express's
 * weak ETag, an unchanged answer costs a 304 and no body.
 */
const revalidate: RequestHandler = (_req, res, next) => {
  res.set("Cache-Control", "private, no-cache");
  next();
};

export function revenueRoutes(deps: AppDeps): Router {
  const { db } = deps;
  const router = Router();
  router.get(
    "/dashboard",
    revalidate,
    handler({ auth: true, query: ZDashboardQuery }, ({ userId, query }) =>
      getDashboard({ db, userId, range: query.range }),
    ),
  );
  router.get(
    "/streams",
    revalidate,
    handler({ auth: true, query: ZStreamsQuery }, ({ userId, query }) =>
      listStreams({ db, userId, limit: query.limit }),
    ),
  );
  router.get(
    "/goals",
    handler({ auth: true }, ({ userId }) => listGoals({ db, userId })),
  );
  router.post(
    "/goals",
    handler({ auth: true, body: ZGoalBody, status: 201 }, ({ userId, body }) =>
      createGoal({ db, userId, input: body }),
    ),
  );
  router.delete(
    "/goals/:id",
    handler({ auth: true, params: ZGoalParams }, ({ userId, params }) =>
      deleteGoal({ db, userId, goalId: params.id }),
    ),
  );
  return router;
}
