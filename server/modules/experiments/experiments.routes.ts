import { Router } from "express";
import {
  EXPERIMENT_PATHS,
  ZCreateExperimentBody,
  ZExperimentIdParam,
  ZExperimentListQuery,
  ZStopExperimentBody,
} from "../../../shared/api/experiments";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { createExperiment, getExperiment, listExperiments, stopExperiment } from "./experiments.service";

const at = mountedAt("/api/experiments");

export interface ExperimentDeps {
  db: Db;
}

/** `/api/experiments`: split tests of parked pages (docs/product.md#split-tests). */
export function experimentRoutes(deps: ExperimentDeps, onChange: (domainName: string) => void): Router {
  const { db } = deps;
  const router = Router();
  router.get(
    at(EXPERIMENT_PATHS.list),
    handler({ auth: true, query: ZExperimentListQuery }, ({ userId, query }) =>
      listExperiments({ db, userId, domainId: query.domainId, onChange }),
    ),
  );
  router.post(
    at(EXPERIMENT_PATHS.list),
    handler({ auth: true, body: ZCreateExperimentBody, status: 201 }, ({ userId, body }) =>
      createExperiment({ db, userId, input: body, onChange }),
    ),
  );
  router.get(
    at(EXPERIMENT_PATHS.one),
    handler({ auth: true, params: ZExperimentIdParam }, ({ userId, params }) =>
      getExperiment({ db, userId, experimentId: params.id, onChange }),
    ),
  );
  router.post(
    at(EXPERIMENT_PATHS.stop),
    handler(
      { auth: true, params: ZExperimentIdParam, body: ZStopExperimentBody },
      ({ userId, params, body }) =>
        stopExperiment({ db, userId, experimentId: params.id, winner: body.winner, onChange }),
    ),
  );
  return router;
}
