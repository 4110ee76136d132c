import { Router } from "express";
import { PARKING_PATHS, ZParkingNetworkParam, ZParkingReportBody } from "../../../shared/api/parking";
import type { Database } from "../../db/pool";
import { csvUpload } from "../../http/csv-upload";
import { handler, requireUser } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { importParkingReport } from "./parking-import.service";

const at = mountedAt("/api/parking-reports");

export interface ParkingDeps {
  database: Pick<Database, "db" | "engine">;
}

export function parkingRoutes(deps: ParkingDeps): Router {
  const { db, engine } = deps.database;
  const router = Router();
  router.post(
    at(PARKING_PATHS.upload),
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
