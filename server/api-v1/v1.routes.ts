import { Router } from "express";
import { API_V1_OPENAPI_PATH } from "../../shared/api/v1/common";
import type { AppDeps } from "../deps";
import { csvUpload } from "../http/csv-upload";
import { apiNotFound } from "../http/error-handler";
import { handler } from "../http/handler";
import { mountedAt } from "../http/mounted-at";
import { apiCaller, bearerAuth, requireScope } from "../modules/api-keys/bearer-auth";
import { openApiDocument } from "./openapi-document";
import { JsonText } from "./operation";
import { operations } from "./operations";

const at = mountedAt("/api/v1");

/**
 * `/api/v1`: every operation behind `Authorization: Bearer <key>` (no cookie is read here) with
 * its scope, metered against the owner's plan; the OpenAPI document is public.
 */
export function v1Routes(deps: AppDeps): Router {
  const router = Router();
  const document = JSON.stringify(openApiDocument());
  router.get(at(API_V1_OPENAPI_PATH), (_req, res) => {
    res.type("application/json").send(document);
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
