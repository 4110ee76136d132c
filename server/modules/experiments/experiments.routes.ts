import { Router } from "express";
import {
  ZCreateExperimentBody,
  ZExperimentIdParam,
  ZExperimentListQuery,
  ZStopExperimentBody,
} from "../../../shared/api/experiments";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { createExperiment, getExperiment, listExperiments, stopExperiment } from "./experiments.service";

export interface ExperimentDeps {
  db: Db;
}

/** `/api/experiments`: split tests of parked pages (docs/product.md#split-tests). */
export function experimentRoutes(deps: ExperimentDeps, onChange: (domainName: string) => void): Router {
  const { db } = deps;
  const router = Router();
  router.get(
    "/",
    handler({ auth: true, query: ZExperimentListQuery }, ({ userId, query }) =>
      listExperiments({ db, userId, domainId: query.domainId, onChange }),
    ),
  );
  router.post(
    "/",
    handler({ auth: true, body: ZCreateExperimentBody, status: 201 }, ({ userId, body }) =>
      createExperiment({ db, userId, input: body, onChange }),
    ),
  );
  router.get(
    "/:id",
    handler({ auth: true, params: ZExperimentIdParam }, ({ userId, params }) =>
      getExperiment({ db, userId, experimentId: params.id, onChange }),
    ),
  );
  router.post(
    "/:id/stop",
    handler(
      { auth: true, params: ZExperimentIdParam, body: ZStopExperimentBody },
      ({ userId, params, body }) =>
        stopExperiment({ db, userId, experimentId: params.id, winner: body.winner, onChange }),
    ),
  );
  return router;
}
