import { Router } from "express";
import { z } from "zod";
import { ZMarketplaceQuery } from "../../../shared/api/marketplace";
import type { AppDeps } from "../../deps";
import { listMarketplace } from "../marketplace/marketplace.service";
import { renderListing, renderListingNotFound, renderStorefront } from "./render-storefront";
import { homepageListings, publicListing } from "./storefront.service";

const ZName = z.string().trim().toLowerCase().min(1).max(253);

/**
 * The public storefront (docs/marketplace.md): `/listings` and `/listings/{name}`, server-rendered
 * for signed-out visitors and search engines. Parked pages link here for Buy now and Make offer.
 */
export function storefrontRoutes(deps: AppDeps): Router {
  const { db } = deps;
  const appUrl = deps.config.appUrl;
  const router = Router();
  router.get("/listings", async (req, res, next) => {
    try {
      const query = ZMarketplaceQuery.safeParse({
        sort: typeof req.query.sort === "string" ? req.query.sort : undefined,
      });
      const page = await listMarketplace({
        db,
        userId: null,
        query: query.success ? query.data : ZMarketplaceQuery.parse({}),
      });
      const promoted = await homepageListings(db);
      res.set("Cache-Control", "public, max-age=60");
      res.type("html").send(renderStorefront({ appUrl, promoted, listings: page.data, total: page.total }));
    } catch (error) {
      next(error);
    }
  });
  router.get("/listings/:name", async (req, res, next) => {
    try {
      const name = ZName.safeParse(req.params.name);
      const listing = name.success ? await publicListing(db, { name: name.data }) : null;
      if (!listing) {
        res
          .status(404)
          .type("html")
          .send(renderListingNotFound(appUrl, String(req.params.name).slice(0, 253)));
        return;
      }
      res.set("Cache-Control", "public, max-age=60");
      res.type("html").send(renderListing({ appUrl, listing }));
    } catch (error) {
      next(error);
    }
  });
  return router;
}
