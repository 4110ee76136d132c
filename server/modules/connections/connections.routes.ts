import { Router } from "express";
import {
  CONNECTION_PATHS,
  ZConnectionIdParam,
  ZCreateConnectionBody,
  ZDomainParam,
  ZTldPriceBody,
  ZUpdateConnectionBody,
} from "../../../shared/api/connections";
import type { Database, Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import type { Config } from "../../lib/config";
import type { Logger } from "../../lib/logger";
import type { Mailer } from "../../mail/mailer";
import type { OwnershipChecker } from "../domains/check-ownership";
import {
  createConnection,
  deleteConnection,
  listConnections,
  listServices,
  parkInOneStep,
  registrarDomain,
  renewals,
  requestSync,
  setPaused,
  setTldPrice,
  tldPriceTable,
} from "./connections.service";
import { createCredentialKeys } from "./credentials";
import type { SyncDeps } from "./sync";

const at = mountedAt("/api/connections");

/** The parts of the app a sync is built from: the database, the log and the services' settings. */
export interface ConnectionSyncSource {
  db: Db;
  database: Pick<Database, "engine">;
  logger: Logger;
  config: Pick<
    Config,
    | "totpKeys"
    | "nameserverPool"
    | "NAMECHEAP_API_URL"
    | "GODADDY_API_URL"
    | "PORKBUN_API_URL"
    | "DYNADOT_API_URL"
    | "CLOUDFLARE_API_URL"
    | "SEDO_API_URL"
    | "BODIS_API_URL"
    | "PARKINGCREW_API_URL"
    | "ABOVE_API_URL"
    | "NAMECHEAP_CLIENT_IP"
    | "CONNECTIONS_BACKOFF_MS"
    | "EXCHANGE_RATES_API_URL"
    | "CONNECTIONS_SYNC_HOURS"
  >;
}

/** What these routes need of the app: a sync's parts, the mailer, the ownership check and the app's address. */
export type ConnectionDeps = ConnectionSyncSource & {
  mailer: Mailer;
  ownership: OwnershipChecker;
  config: Pick<Config, "appUrl">;
};

/** What a sync needs, from the app's configuration. */
export function connectionSyncDeps(deps: ConnectionSyncSource): SyncDeps {
  const { config } = deps;
  return {
    db: deps.db,
    engine: deps.database.engine,
    keys: createCredentialKeys(config.totpKeys),
    logger: deps.logger,
    nameserverPool: config.nameserverPool,
    urls: {
      NAMECHEAP_API_URL: config.NAMECHEAP_API_URL,
      GODADDY_API_URL: config.GODADDY_API_URL,
      PORKBUN_API_URL: config.PORKBUN_API_URL,
      DYNADOT_API_URL: config.DYNADOT_API_URL,
      CLOUDFLARE_API_URL: config.CLOUDFLARE_API_URL,
      SEDO_API_URL: config.SEDO_API_URL,
      BODIS_API_URL: config.BODIS_API_URL,
      PARKINGCREW_API_URL: config.PARKINGCREW_API_URL,
      ABOVE_API_URL: config.ABOVE_API_URL,
    },
    clientIp: config.NAMECHEAP_CLIENT_IP,
    backoffMs: config.CONNECTIONS_BACKOFF_MS,
    ratesUrl: config.EXCHANGE_RATES_API_URL,
    syncHours: config.CONNECTIONS_SYNC_HOURS,
  };
}

/** Settings → Connections: registrars and parking networks, the owner's alone (never a team member's). */
export function connectionRoutes(deps: ConnectionDeps): Router {
  const { db } = deps;
  const sync = connectionSyncDeps(deps);
  const router = Router();

  router.get(
    at(CONNECTION_PATHS.services),
    handler({ auth: true }, () => listServices()),
  );
  router.get(
    at(CONNECTION_PATHS.list),
    handler({ auth: true }, ({ userId }) => listConnections(db, userId)),
  );
  router.post(
    at(CONNECTION_PATHS.list),
    handler({ auth: true, body: ZCreateConnectionBody, status: 201 }, ({ userId, body }) =>
      createConnection(sync, userId, body),
    ),
  );
  router.get(
    at(CONNECTION_PATHS.renewals),
    handler({ auth: true }, ({ userId }) => renewals(db, userId)),
  );
  router.get(
    at(CONNECTION_PATHS.tldPrices),
    handler({ auth: true }, ({ userId }) => tldPriceTable(db, userId)),
  );
  router.put(
    at(CONNECTION_PATHS.tldPrices),
    handler({ auth: true, body: ZTldPriceBody }, ({ userId, body }) =>
      setTldPrice(db, userId, body.tld, body.price),
    ),
  );
  router.get(
    at(CONNECTION_PATHS.domain),
    handler({ auth: true, params: ZDomainParam }, async ({ userId, params }) => ({
      registrar: await registrarDomain(db, userId, params.domainId),
    })),
  );
  router.post(
    at(CONNECTION_PATHS.park),
    handler({ auth: true, params: ZDomainParam }, ({ userId, params }) =>
      parkInOneStep(
        { ...sync, mailer: deps.mailer, checker: deps.ownership, appUrl: deps.config.appUrl },
        userId,
        params.domainId,
      ),
    ),
  );
  router.patch(
    at(CONNECTION_PATHS.one),
    handler(
      { auth: true, params: ZConnectionIdParam, body: ZUpdateConnectionBody },
      ({ userId, params, body }) => setPaused(db, userId, params.id, body.paused),
    ),
  );
  router.post(
    at(CONNECTION_PATHS.sync),
    handler({ auth: true, params: ZConnectionIdParam, status: 202 }, ({ userId, params }) =>
      requestSync(db, userId, params.id),
    ),
  );
  router.delete(
    at(CONNECTION_PATHS.one),
    handler({ auth: true, params: ZConnectionIdParam }, ({ userId, params }) =>
      deleteConnection(db, userId, params.id),
    ),
  );
  return router;
}
