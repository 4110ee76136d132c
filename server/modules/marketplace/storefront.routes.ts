import { Router } from "express";
import { z } from "zod";
import { ZMarketplaceQuery } from "../../../shared/api/marketplace/listings";
import type { Db } from "../../db/pool";
import type { Config } from "../../lib/config";
import { unsubscribe } from "./listings-newsletter";
import { listMarketplace } from "./marketplace.service";
import { homepageListings, publicListing } from "./public-listings";
import {
  renderListing,
  renderListingNotFound,
  renderShareImage,
  renderStorefront,
  renderUnsubscribed,
} from "./render-storefront";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ZName = z.string().trim().toLowerCase().min(1).max(253);

export interface StorefrontDeps {
  db: Db;
  config: Pick<Config, "appUrl" | "sessionSecret">;
}

/**
 * The public storefront (docs/marketplace.md): `/listings` and `/listings/{name}`, server-rendered
 * for signed-out visitors and search engines. Parked pages link here for Buy now and Make offer.
 */
export function storefrontRoutes(deps: StorefrontDeps): Router {
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
  // One click from the weekly email: no sign-in, the signed link is the proof.
  router.get("/listings/newsletter/unsubscribe", async (req, res) => {
    const userId = typeof req.query.u === "string" && UUID.test(req.query.u) ? req.query.u : null;
    const token = typeof req.query.t === "string" ? req.query.t : "";
    const done = userId ? await unsubscribe({ db, secret: deps.config.sessionSecret, userId, token }) : false;
    res
      .status(done ? 200 : 400)
      .type("html")
      .send(renderUnsubscribed(appUrl, done));
  });
  router.get("/listings/:name/share.svg", async (req, res) => {
    const name = ZName.safeParse(req.params.name);
    const listing = name.success ? await publicListing(db, { name: name.data }) : null;
    if (!listing) {
      res.status(404).type("text/plain").send("Not for sale");
      return;
    }
    res.set("Cache-Control", "public, max-age=3600");
    res.type("image/svg+xml").send(renderShareImage(listing));
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
      res.type("html").send(renderListing({ appUrl, listing, fromLander: req.query.from === "lander" }));
    } catch (error) {
      next(error);
    }
  });
  return router;
}
