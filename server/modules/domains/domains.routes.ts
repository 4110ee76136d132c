import { Router } from "express";
import { z } from "zod";
import {
  ZCreateDomainBody,
  ZDomainIdParam,
  ZDomainTrafficQuery,
  ZUpdateDomainBody,
} from "../../../shared/api/domains";
import { ZDomainListQuery } from "../../../shared/api/v1/domains";
import type { AppDeps } from "../../deps";
import { csvUpload } from "../../http/csv-upload";
import { handler, requireUser, userId } from "../../http/handler";
import { importDomains, previewDomainImport } from "./domain-import.service";
import {
  createDomain,
  deleteDomain,
  getDomainDetail,
  getDomainTraffic,
  listDomainPage,
  listDomainServices,
  listDomains,
  updateDomain,
} from "./domains.service";
import { verifyDomainNow } from "./verify-domain";

const ZCsv = z.string();

export function domainRoutes(deps: AppDeps): Router {
  const { db, config } = deps;
  const { parkingNameservers } = config;
  const router = Router();
  router.use(requireUser);

  router.get(
    "/",
    handler({}, async ({ req, res }) => {
      if (req.query.limit === undefined) return listDomains({ db, userId: userId(req), parkingNameservers });
      // With `?limit=`, a page as /api/v1/domains reads it (its filters and cursor too).
      const query = ZDomainListQuery.parse(req.query);
      const page = await listDomainPage({ db, userId: userId(req), parkingNameservers, query });
      if (page.nextCursor) res.setHeader("X-Next-Cursor", page.nextCursor);
      return page.data;
    }),
  );
  router.post(
    "/",
    handler(
      { body: ZCreateDomainBody },
      ({ body, req }) => createDomain({ db, userId: userId(req), parkingNameservers, input: body }),
      {
        status: 201,
      },
    ),
  );

  router.post(
    "/import/preview",
    csvUpload,
    handler({ body: ZCsv }, ({ body, req }) => previewDomainImport({ db, userId: userId(req), csv: body })),
  );
  router.post(
    "/import",
    csvUpload,
    handler({ body: ZCsv }, ({ body, req }) => importDomains({ db, userId: userId(req), csv: body }), {
      status: 201,
    }),
  );

  router.get(
    "/:id",
    handler({ params: ZDomainIdParam }, ({ params, req }) =>
      getDomainDetail({ db, userId: userId(req), parkingNameservers, domainId: params.id }),
    ),
  );
  router.patch(
    "/:id",
    handler({ params: ZDomainIdParam, body: ZUpdateDomainBody }, ({ params, body, req }) =>
      updateDomain({ db, userId: userId(req), parkingNameservers, domainId: params.id, input: body }),
    ),
  );
  router.delete(
    "/:id",
    handler({ params: ZDomainIdParam }, ({ params, req }) =>
      deleteDomain({ db, userId: userId(req), domainId: params.id }),
    ),
  );
  router.post(
    "/:id/verify",
    handler({ params: ZDomainIdParam }, ({ params, req }) =>
      verifyDomainNow({
        db,
        mailer: deps.mailer,
        checker: deps.ownership,
        appUrl: config.appUrl,
        userId: userId(req),
        domainId: params.id,
        parkingNameservers,
      }),
    ),
  );
  router.get(
    "/:id/services",
    handler({ params: ZDomainIdParam }, ({ params, req }) =>
      listDomainServices({ db, userId: userId(req), parkingNameservers, domainId: params.id }),
    ),
  );
  router.get(
    "/:id/traffic",
    handler({ params: ZDomainIdParam, query: ZDomainTrafficQuery }, ({ params, query, req }) =>
      getDomainTraffic({
        db,
        userId: userId(req),
        parkingNameservers,
        domainId: params.id,
        days: query.days,
      }),
    ),
  );
  return router;
}
