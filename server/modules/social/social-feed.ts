import { Router } from "express";
import { socialFeedPath } from "../../../shared/api/social";
import type { Db } from "../../db/pool";
import type { Config } from "../../lib/config";
import { loadOnce } from "../../lib/load-once";
import { feedOf } from "./social.service";

/** The Atom writer, loaded with the first feed read rather than with every start. */
const atomWriter = loadOnce(async () => (await import("feed")).Feed);

/** A post is plain text: readers take Atom content as HTML, so its markup is escaped, never rendered. */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(/\n/g, "<br>");

export interface SocialFeedDeps {
  db: Db;
  config: Pick<Config, "appUrl">;
}

/**
 * `GET /feeds/social/<token>.atom`: the public Atom feed of a user's published posts, which feed
 * readers, schedulers and automation services import. The token is the feed's only secret.
 */
export function socialFeedRoutes(deps: SocialFeedDeps): Router {
  const router = Router();
  router.get("/feeds/social/:file", async (req, res, next) => {
    try {
      const match = /^([\w-]{10,64})\.atom$/.exec(String(req.params.file));
      const feed = match ? await feedOf(deps.db, match[1]) : undefined;
      if (!match || !feed) {
        res.status(404).type("text/plain").send("No such feed");
        return;
      }
      const self = `${deps.config.appUrl}${socialFeedPath(match[1])}`;
      const Feed = await atomWriter();
      const atom = new Feed({
        title: `${feed.name} on ParkPilot`,
        id: self,
        link: deps.config.appUrl,
        copyright: feed.name,
        updated: feed.posts[0]?.publishedAt ? new Date(feed.posts[0].publishedAt) : new Date(0),
        feedLinks: { atom: self },
        author: { name: feed.name },
      });
      for (const post of feed.posts) {
        atom.addItem({
          title: escapeHtml(`[${post.network}] ${post.text.slice(0, 80).replace(/\s+/g, " ")}`),
          id: `urn:uuid:${post.id}`,
          link: post.link ?? self,
          content: escapeHtml(post.text),
          date: new Date(post.publishedAt as string),
          category: [{ name: post.network, term: post.network }],
          ...(post.imageUrl ? { image: post.imageUrl } : {}),
        });
      }
      res.type("application/atom+xml").set("Cache-Control", "public, max-age=60").send(atom.atom1());
    } catch (error) {
      next(error);
    }
  });
  return router;
}
