import { type RequestHandler, Router } from "express";
import { ZDashboardQuery, ZGoalBody, ZGoalParams, ZStreamsQuery } from "../../../shared/api/revenue";
import type { AppDeps } from "../../deps";
import { handler, userId } from "../../http/handler";
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
    handler({ query: ZDashboardQuery }, ({ query, req }) =>
      getDashboard({ db, userId: userId(req), range: query.range }),
    ),
  );
  router.get(
    "/streams",
    revalidate,
    handler({ query: ZStreamsQuery }, ({ query, req }) =>
      listStreams({ db, userId: userId(req), limit: query.limit }),
    ),
  );
  router.get(
    "/goals",
    handler({}, ({ req }) => listGoals({ db, userId: userId(req) })),
  );
  router.post(
    "/goals",
    handler({ body: ZGoalBody }, ({ body, req }) => createGoal({ db, userId: userId(req), input: body }), {
      status: 201,
    }),
  );
  router.delete(
    "/goals/:id",
    handler({ params: ZGoalParams }, ({ params, req }) =>
      deleteGoal({ db, userId: userId(req), goalId: params.id }),
    ),
  );
  return router;
}
