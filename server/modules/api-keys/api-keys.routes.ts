import { Router } from "express";
import { ZApiKeyIdParam, ZCreateApiKeyBody } from "../../../shared/api/api-keys";
import type { AppDeps } from "../../deps";
import { handler, requireUser, userId } from "../../http/handler";
import { requestMeta } from "../../http/request-meta";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-keys.service";
import { getApiUsage } from "./api-usage.service";

/** Settings → API, for the signed-in owner: keys (create, list, revoke) and the period's usage. */
export function apiKeyRoutes(deps: AppDeps): Router {
  const { db, mailer } = deps;
  const router = Router();
  router.use(requireUser);
  router.get(
    "/",
    handler({}, ({ req }) => listApiKeys({ db, userId: userId(req) })),
  );
  router.get(
    "/usage",
    handler({}, ({ req }) => getApiUsage({ db, userId: userId(req) })),
  );
  router.post(
    "/",
    handler(
      { body: ZCreateApiKeyBody },
      ({ body, req }) =>
        createApiKey({
          db,
          mailer,
          userId: userId(req),
          name: body.name,
          scopes: body.scopes,
          mode: deps.payments.testMode ? "test" : "live",
          meta: requestMeta(req),
        }),
      { status: 201 },
    ),
  );
  router.delete(
    "/:id",
    handler({ params: ZApiKeyIdParam }, ({ params, req }) =>
      revokeApiKey({ db, mailer, userId: userId(req), keyId: params.id, meta: requestMeta(req) }),
    ),
  );
  return router;
}
