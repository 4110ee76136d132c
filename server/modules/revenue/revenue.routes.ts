import { Router } from "express";
import {
  REVENUE_PATHS,
  ZDashboardQuery,
  ZGoalBody,
  ZGoalParams,
  ZStreamsQuery,
} from "../../../shared/api/revenue";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { tagVersion, versionedRead } from "../../http/versioned-read";
import { getDashboard, listStreams } from "./dashboard.service";
import { createGoal, deleteGoal, listGoals } from "./goals.service";

const at = mountedAt("/api/revenue");

export interface RevenueDeps {
  db: Db;
}

export function revenueRoutes(deps: RevenueDeps): Router {
  const { db } = deps;
  const router = Router();
  // Polled reads: kept by the browser, revalidated each time, answered 304 from the account's version.
  const revalidate = versionedRead(db);
  router.get(
    at(REVENUE_PATHS.dashboard),
    versionedRead(db, Date.now, { versionInAnswer: true }),
    handler({ auth: true, query: ZDashboardQuery }, async ({ userId, query, req, res }) => {
      const { dashboard, version } = await getDashboard({ db, userId, range: query.range });
      // A conditional request was tagged before the statement ran; any other, with its answer.
      if (!res.hasHeader("ETag")) tagVersion(req, res, version);
      return dashboard;
    }),
  );
  router.get(
    at(REVENUE_PATHS.streams),
    revalidate,
    handler({ auth: true, query: ZStreamsQuery }, ({ userId, query }) =>
      listStreams({ db, userId, limit: query.limit }),
    ),
  );
  router.get(
    at(REVENUE_PATHS.goals),
    revalidate,
    handler({ auth: true }, ({ userId }) => listGoals({ db, userId })),
  );
  router.post(
    at(REVENUE_PATHS.goals),
    handler({ auth: true, body: ZGoalBody, status: 201 }, ({ userId, body }) =>
      createGoal({ db, userId, input: body }),
    ),
  );
  router.delete(
    at(REVENUE_PATHS.goal),
    handler({ auth: true, params: ZGoalParams }, ({ userId, params }) =>
      deleteGoal({ db, userId, goalId: params.id }),
    ),
  );
  return router;
}
