import { Router } from "express";
import { ZParkingNetworkParam, ZParkingReportBody } from "../../../shared/api/parking";
import type { Database } from "../../db/pool";
import { csvUpload } from "../../http/csv-upload";
import { handler, requireUser } from "../../http/handler";
import { importParkingReport } from "./parking-import.service";

export interface ParkingDeps {
  database: Pick<Database, "db" | "engine">;
}

export function parkingRoutes(deps: ParkingDeps): Router {
  const { db, engine } = deps.database;
  const router = Router();
  router.post(
    "/:network",
    // Signed-out uploads are refused before the file is read.
    requireUser,
    csvUpload,
    handler(
      { auth: true, params: ZParkingNetworkParam, body: ZParkingReportBody, status: 201 },
      ({ userId, params, body }) =>
        importParkingReport({ db, engine, userId, network: params.network, csv: body }),
    ),
  );
  return router;
}
