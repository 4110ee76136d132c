import { and, eq } from "drizzle-orm";
import express, { Router } from "express";
import { z } from "zod";
import { ZDomainIdParam } from "../../../shared/api/domains";
import {
  LEASED_DOMAINS_PATH,
  PAGE_IMAGE_MAX_BYTES,
  PAGE_IMAGE_TYPES,
  PAGE_PATHS,
  ZPageBody,
  ZPageVersionParams,
} from "../../../shared/api/parked-pages";
import { pageImages } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { notFound } from "../../http/app-error";
import { handler, requireUser, userId } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import type { Config } from "../../lib/config";
import { leasedDomains } from "./domain-control";
import { uploadPageImage } from "./page-images";
import { getPage, listPageVersions, previewPage, restorePageVersion, savePage } from "./parked-pages.service";

const at = mountedAt("/api/domains");

export interface PageDeps {
  db: Db;
  config: Pick<Config, "appUrl">;
}

/** `/api/domains/{id}/page`: the parked page's builder (docs/product.md#parked-pages). */
export function pageRoutes(deps: PageDeps, onChange: (domainName: string) => void): Router {
  const { db } = deps;
  const router = Router();
  router.get(
    at(LEASED_DOMAINS_PATH),
    handler({ auth: true }, ({ userId }) => leasedDomains(db, userId)),
  );
  router.get(
    at(PAGE_PATHS.page),
    handler({ auth: true, params: ZDomainIdParam }, ({ userId, params }) =>
      getPage({ db, userId, domainId: params.id }),
    ),
  );
  router.put(
    at(PAGE_PATHS.page),
    handler({ auth: true, params: ZDomainIdParam, body: ZPageBody }, ({ userId, params, body }) =>
      savePage({ db, userId, domainId: params.id, input: body, onChange }),
    ),
  );
  router.post(
    at(PAGE_PATHS.preview),
    handler({ auth: true, params: ZDomainIdParam, body: ZPageBody }, ({ userId, params, body }) =>
      previewPage({ db, userId, domainId: params.id, input: body, appUrl: deps.config.appUrl }),
    ),
  );
  router.get(
    at(PAGE_PATHS.versions),
    handler({ auth: true, params: ZDomainIdParam }, ({ userId, params }) =>
      listPageVersions({ db, userId, domainId: params.id }),
    ),
  );
  router.post(
    at(PAGE_PATHS.restore),
    handler({ auth: true, params: ZPageVersionParams }, ({ userId, params }) =>
      restorePageVersion({ db, userId, domainId: params.id, version: params.version, onChange }),
    ),
  );
  router.post(
    at(PAGE_PATHS.images),
    requireUser,
    express.raw({ type: [...PAGE_IMAGE_TYPES], limit: PAGE_IMAGE_MAX_BYTES }),
    handler({ auth: true, params: ZDomainIdParam, status: 201 }, ({ userId, params, req }) =>
      uploadPageImage({
        db,
        userId,
        domainId: params.id,
        contentType: req.get("content-type") ?? "",
        content: req.body,
      }),
    ),
  );
  // The builder's preview reads the owner's images here (the parked host serves them to visitors).
  router.get(at(PAGE_PATHS.image), async (req, res) => {
    const owner = userId(req);
    const params = z.object({ id: z.uuid(), imageId: z.uuid() }).parse(req.params);
    const [image] = await db
      .select()
      .from(pageImages)
      .where(
        and(
          eq(pageImages.id, params.imageId),
          eq(pageImages.domainId, params.id),
          eq(pageImages.userId, owner),
        ),
      );
    if (!image) throw notFound("Image");
    res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
    res.type(image.contentType).send(image.content);
  });
  return router;
}
