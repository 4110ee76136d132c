import { Router } from "express";
import { z } from "zod";
import { ZParkingNetworkParam } from "../../../shared/api/parking";
import type { AppDeps } from "../../deps";
import { csvUpload } from "../../http/csv-upload";
import { handler, requireUser } from "../../http/handler";
import { DAYS_PER_STATEMENT, importParkingReport } from "./parking-import.service";

export function parkingRoutes(deps: AppDeps): Router {
  const router = Router();
  router.post(
    "/:network",
    // Signed-out uploads are refused before the file is read.
    requireUser,
    csvUpload,
    handler(
      { auth: true, params: ZParkingNetworkParam, body: z.string(), status: 201 },
      ({ userId, params, body }) =>
        importParkingReport({
          db: deps.db,
          userId,
          network: params.network,
          csv: body,
          daysPerStatement: DAYS_PER_STATEMENT[deps.database.engine],
        }),
    ),
  );
  return router;
}
