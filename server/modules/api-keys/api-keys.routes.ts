import { Router } from "express";
import { API_KEY_PATHS, ZApiKeyIdParam, ZCreateApiKeyBody } from "../../../shared/api/api-keys";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import { requestMeta } from "../../http/request-meta";
import type { Mailer } from "../../mail/mailer";
import type { Payments } from "../../payments/payments";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-keys.service";
import { getApiUsage } from "./api-usage.service";

const at = mountedAt("/api/api-keys");

export interface ApiKeyDeps {
  db: Db;
  mailer: Mailer;
  payments: Pick<Payments, "testMode">;
}

/** Settings → API, for the signed-in owner: keys (create, list, revoke) and the period's usage. */
export function apiKeyRoutes(deps: ApiKeyDeps): Router {
  const { db, mailer } = deps;
  const router = Router();
  router.get(
    at(API_KEY_PATHS.list),
    handler({ auth: true }, ({ userId }) => listApiKeys({ db, userId })),
  );
  router.get(
    at(API_KEY_PATHS.usage),
    handler({ auth: true }, ({ userId }) => getApiUsage({ db, userId })),
  );
  router.post(
    at(API_KEY_PATHS.list),
    handler({ auth: true, body: ZCreateApiKeyBody, status: 201 }, ({ userId, body, req }) =>
      createApiKey({
        db,
        mailer,
        userId,
        name: body.name,
        scopes: body.scopes,
        mode: deps.payments.testMode ? "test" : "live",
        meta: requestMeta(req),
      }),
    ),
  );
  router.delete(
    at(API_KEY_PATHS.one),
    handler({ auth: true, params: ZApiKeyIdParam }, ({ userId, params, req }) =>
      revokeApiKey({ db, mailer, userId, keyId: params.id, meta: requestMeta(req) }),
    ),
  );
  return router;
}
