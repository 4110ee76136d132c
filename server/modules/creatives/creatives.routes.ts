import { Router } from "express";
import { CREATIVE_PATHS, CREATIVES_PATH, ZCreativeFileParams } from "../../../shared/api/creatives";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import type { Config } from "../../lib/config";
import { creativeFile, listCreatives } from "./creatives.service";

const at = mountedAt("/api/creatives");

export interface CreativeDeps {
  db: Db;
  config: Pick<Config, "appUrl">;
}

/** `/api/creatives`: the Creative Assets tool's banners and QR code (403 without the tool). */
export function creativeRoutes(deps: CreativeDeps): Router {
  const { db } = deps;
  const appUrl = deps.config.appUrl;
  const router = Router();
  router.get(
    at(CREATIVES_PATH),
    handler({ auth: true }, ({ userId }) => listCreatives({ db, userId, appUrl })),
  );
  router.get(
    at(CREATIVE_PATHS.file),
    handler({ auth: true, params: ZCreativeFileParams }, async ({ userId, params, res }) => {
      const file = await creativeFile({ db, userId, appUrl, file: params.file });
      res
        .type(file.type)
        // An SVG opened from the API must never run as a page of the app.
        .set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
        .set("Content-Disposition", `attachment; filename="${file.filename}"`)
        .send(file.body);
    }),
  );
  return router;
}
