import { Router } from "express";
import { API_V1_OPENAPI_PATH } from "../../shared/api/v1/common";
import { csvUpload } from "../http/csv-upload";
import { apiNotFound } from "../http/error-handler";
import { handler } from "../http/handler";
import { mountedAt } from "../http/mounted-at";
import type { Config } from "../lib/config";
import { loadOnce } from "../lib/load-once";
import { apiCaller, bearerAuth, requireScope } from "../modules/api-keys/bearer-auth";
import { openApiDocument } from "./openapi-document";
import { type ApiDeps, JsonText } from "./operation";
import { operations } from "./operations";

const at = mountedAt("/api/v1");

/** What the public API needs of the app: its operations' needs, and the burst limit. */
export type V1Deps = ApiDeps & {
  config: Pick<Config, "API_BURST_PER_SECOND">;
};

/**
 * `/api/v1`: every operation behind `Authorization: Bearer <key>` (no cookie is read here) with
 * its scope, metered against the owner's plan; the OpenAPI document is public.
 */
export function v1Routes(deps: V1Deps): Router {
  const router = Router();
  // Generated with its first read, not with every start: the generator and the document are
  // some 50 ms that most starts never need.
  const document = loadOnce(async () => JSON.stringify(await openApiDocument()));
  router.get(at(API_V1_OPENAPI_PATH), async (_req, res, next) => {
    try {
      res.type("application/json").send(await document());
    } catch (error) {
      next(error);
    }
  });
  router.use(bearerAuth({ db: deps.db, burstPerSecond: deps.config.API_BURST_PER_SECOND }));
  for (const op of operations) {
    router[op.method](
      at(op.path),
      requireScope(op.scope),
      ...(op.bodyType === "csv" ? csvUpload : []),
      handler(
        { params: op.params, query: op.query, body: op.body, status: op.status },
        async ({ params, query, body, res }) => {
          const result = await op.run({ deps, userId: apiCaller(res).userId, params, query, body });
          if (result instanceof JsonText) {
            res.status(op.status).type("application/json").send(result.text);
            return;
          }
          return result;
        },
      ),
    );
  }
  router.use(apiNotFound);
  return router;
}
