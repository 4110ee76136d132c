import { Router } from "express";
import { ANALYTICS_PATHS } from "../../../shared/api/analytics";
import {
  DOMAIN_PATHS,
  ZCreateDomainBody,
  ZDomainIdParam,
  ZDomainImportBody,
  ZDomainTrafficQuery,
  ZPortfolioQuery,
  ZSandboxDnsBody,
  ZUpdateDomainBody,
} from "../../../shared/api/domains";
import { WORK_ORDER_PATHS, ZDeliverableParams } from "../../../shared/api/work-orders";
import type { Database, Db } from "../../db/pool";
import { csvUpload } from "../../http/csv-upload";
import { handler, requireUser } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import type { Config } from "../../lib/config";
import type { Mailer } from "../../mail/mailer";
import { deliverableFile } from "../work-orders/buyer-work-orders";
import type { OwnershipChecker } from "./check-ownership";
import { publishSandboxDns, readSandboxDns } from "./dns-sandbox";
import { importDomains, previewDomainImport } from "./domain-import.service";
import {
  createDomain,
  deleteDomain,
  getDomainDetail,
  getDomainTraffic,
  listDomainServices,
  portfolioPage,
  updateDomain,
} from "./domains.service";
import { verifyDomainNow } from "./verify-domain";

const at = mountedAt("/api/domains");

export interface DomainDeps {
  db: Db;
  database: Pick<Database, "engine">;
  mailer: Mailer;
  ownership: OwnershipChecker;
  config: Pick<Config, "appUrl" | "dnsSandbox" | "nameserverPool">;
}

export function domainRoutes(deps: DomainDeps): Router {
  const { db, config } = deps;
  const { nameserverPool } = config;
  const router = Router();

  router.get(
    at(DOMAIN_PATHS.list),
    handler({ auth: true, query: ZPortfolioQuery }, async ({ userId, query, res }) => {
      const page = await portfolioPage({ db, userId, query });
      if (page.nextCursor) res.setHeader("X-Next-Cursor", page.nextCursor);
      res.setHeader("X-Total-Count", String(page.total));
      return page.data;
    }),
  );
  router.post(
    at(DOMAIN_PATHS.list),
    handler({ auth: true, body: ZCreateDomainBody, status: 201 }, ({ userId, body }) =>
      createDomain({ db, userId, nameserverPool, checker: deps.ownership, input: body }),
    ),
  );

  // Signed-out uploads are refused before the file is read.
  router.post(
    at(DOMAIN_PATHS.importPreview),
    requireUser,
    csvUpload,
    handler({ auth: true, body: ZDomainImportBody }, ({ userId, body }) =>
      previewDomainImport({ db, userId, csv: body }),
    ),
  );
  router.post(
    at(DOMAIN_PATHS.import),
    requireUser,
    csvUpload,
    handler({ auth: true, body: ZDomainImportBody, status: 201 }, ({ userId, body }) =>
      importDomains({ db, engine: deps.database.engine, userId, csv: body, nameserverPool }),
    ),
  );

  router.get(
    at(DOMAIN_PATHS.one),
    handler({ auth: true, params: ZDomainIdParam }, ({ userId, params }) =>
      getDomainDetail({ db, userId, domainId: params.id }),
    ),
  );
  router.patch(
    at(DOMAIN_PATHS.one),
    handler({ auth: true, params: ZDomainIdParam, body: ZUpdateDomainBody }, ({ userId, params, body }) =>
      updateDomain({ db, userId, domainId: params.id, input: body }),
    ),
  );
  router.delete(
    at(DOMAIN_PATHS.one),
    handler({ auth: true, params: ZDomainIdParam }, ({ userId, params }) =>
      deleteDomain({ db, userId, domainId: params.id }),
    ),
  );
  router.post(
    at(DOMAIN_PATHS.verify),
    handler({ auth: true, params: ZDomainIdParam }, ({ userId, params }) =>
      verifyDomainNow({
        db,
        mailer: deps.mailer,
        checker: deps.ownership,
        appUrl: config.appUrl,
        userId,
        domainId: params.id,
      }),
    ),
  );
  // The DNS sandbox (development only): records published here answer the ownership check.
  const sandbox = { db, enabled: config.dnsSandbox };
  router.get(
    at(DOMAIN_PATHS.dnsSandbox),
    handler({ auth: true, params: ZDomainIdParam }, ({ userId, params }) =>
      readSandboxDns({ ...sandbox, userId, domainId: params.id }),
    ),
  );
  router.put(
    at(DOMAIN_PATHS.dnsSandbox),
    handler({ auth: true, params: ZDomainIdParam, body: ZSandboxDnsBody }, ({ userId, params, body }) =>
      publishSandboxDns({ ...sandbox, userId, domainId: params.id, records: body }),
    ),
  );
  router.get(
    at(DOMAIN_PATHS.services),
    handler({ auth: true, params: ZDomainIdParam }, ({ userId, params }) =>
      listDomainServices({ db, userId, domainId: params.id }),
    ),
  );
  /** A delivered work order's file, for its buyer: saved, never rendered in the page. */
  router.get(
    at(WORK_ORDER_PATHS.deliverableFile),
    handler({ auth: true, params: ZDeliverableParams }, async ({ userId, params, res }) => {
      const file = await deliverableFile(db, {
        userId,
        domainId: params.id,
        deliverableId: params.deliverableId,
      });
      res
        .status(200)
        .attachment(file.fileName)
        .type(file.contentType)
        .set({ "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store" })
        .send(file.content);
    }),
  );
  router.get(
    at(ANALYTICS_PATHS.domainTraffic),
    handler({ auth: true, params: ZDomainIdParam, query: ZDomainTrafficQuery }, ({ userId, params, query }) =>
      getDomainTraffic({ db, userId, domainId: params.id, days: query.days }),
    ),
  );
  return router;
}
