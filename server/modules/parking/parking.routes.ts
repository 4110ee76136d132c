import { Router } from "express";
import { z } from "zod";
import { ZParkingNetworkParam } from "../../../shared/api/parking";
import type { AppDeps } from "../../deps";
import { csvUpload } from "../../http/csv-upload";
import { handler, requireUser, userId } from "../../http/handler";
import { DAYS_PER_STATEMENT, importParkingReport } from "./parking-import.service";

export function parkingRoutes(deps: AppDeps): Router {
  const router = Router();
  router.use(requireUser);
  router.post(
    "/:network",
    csvUpload,
    handler(
      { params: ZParkingNetworkParam, body: z.string() },
      ({ params, body, req }) =>
        importParkingReport({
          db: deps.db,
          userId: userId(req),
          network: params.network,
          csv: body,
          daysPerStatement: DAYS_PER_STATEMENT[deps.database.engine],
        }),
      { status: 201 },
    ),
  );
  return router;
}
