import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { isIP } from "node:net";
import { gzipSync } from "node:zlib";
import accepts from "accepts";
import { sql } from "drizzle-orm";
import express, { type Request, type RequestHandler, type Response, Router } from "express";
import fresh from "fresh";
import proxyAddr from "proxy-addr";
import { z } from "zod";
import type { TExperimentGoal } from "../../../shared/api/experiments";
import { ZLeadEmail } from "../../../shared/api/leads/leads";
import type { Db } from "../../db/pool";
import { type FastPath, flatHeaders, hostnameOf, pathOf, type TrustProxy } from "../../http/fast-paths";
import { refuseDeepJson } from "../../http/json-depth";
import { originCheck } from "../../http/origin-check";
import type { RateLimit } from "../../http/rate-limit";
import { refuseNul } from "../../http/refuse-nul";
import { type CdnPurge, surrogateKeyOf } from "../../lib/cdn-purge";
import type { Config } from "../../lib/config";
import { headerMemo } from "../../lib/header-memo";
import { normalizeHost } from "../../lib/hostname";
import type { Logger } from "../../lib/logger";
import type { Mailer } from "../../mail/mailer";
import { notify } from "../notifications/notify";
import { assignVariant, VISITOR_COOKIE, VISITOR_COOKIE_DAYS, visitorIds } from "./assign-variant";
import { countsAsPerson } from "./counts-as-person";
import { type RenderedPage, redirectOf, renderPage } from "./render-page";
import { loadServedSite, type ServedSite } from "./served-page";
import { recordConversion, recordExposure } from "./track-visitors";
import { networkKey } from "./visitor-network";

/** How long a rendered site is reused before it is read again (edits on this instance clear it at once). */
export const PAGE_CACHE_MS = 10_000;
/**
 * How a CDN in front may keep a parked page (README: "A CDN in front of parked pages"): fresh for
 * five minutes, then served stale for up to a day while it fetches the page again; a save purges
 * it by its surrogate key at once. Browsers revalidate every time (ETag), so an owner sees a save.
 */
export const PARKED_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=86400";
const CACHE_LIMIT = 5_000;

/**
 * A page's answer in one encoding, made once: the body as a string the response writes together
 * with its headers (the gzip bytes as latin1, one character a byte), its length and its ETag.
 */
interface Encoded {
  body: string;
  encoding: "utf8" | "latin1";
  length: string;
  etag: string;
}

interface Compiled extends RenderedPage {
  identity: Encoded;
  /** The HTML gzipped once, so that each view costs no compression. */
  gzip: Encoded;
  /** Each encoding's whole list of headers as the fast path writes them, made with its first view there. */
  fast?: { identity: FastHeaders; gzip: FastHeaders };
}

/** An answer's headers, flat (`writeHead`'s form): for the page itself, and for 304 Not Modified. */
interface FastHeaders {
  ok: string[];
  notModified: string[];
}

interface Cached {
  site: ServedSite;
  expires: number;
  /** The answer's caching headers, the same for every view of the site. */
  cacheHeaders: [string, string][];
  /** Rendered pages by variant (-1: the page itself). */
  rendered: Map<number, Compiled>;
}

function encoded(bytes: Buffer, encoding: Encoded["encoding"]): Encoded {
  const hash = createHash("sha1").update(bytes).digest("base64").slice(0, 27);
  return {
    body: bytes.toString(encoding),
    encoding,
    length: String(bytes.length),
    etag: `W/"${bytes.length.toString(16)}-${hash}"`,
  };
}

const takesGzip = headerMemo<boolean>();

/** Each visitor has a variant (and is issued an id): no shared cache may keep the answer. */
const SPLIT_TEST_HEADERS: [string, string][] = [["Cache-Control", "private, no-store"]];

function cacheHeadersOf(site: ServedSite): [string, string][] {
  if (site.experiment) return SPLIT_TEST_HEADERS;
  const key = surrogateKeyOf(site.domain.name);
  return [
    ["Cache-Control", PARKED_PAGE_CACHE_CONTROL],
    ["Surrogate-Key", key],
    ["Cache-Tag", key],
  ];
}

/** Whether the request's Accept-Encoding takes gzip (over identity), remembered per header value. */
const takesGzipOf = (req: IncomingMessage) =>
  takesGzip(
    req.headers["accept-encoding"] ?? "",
    () => accepts(req).encoding(["gzip", "identity"]) === "gzip",
  );

/**
 * A rendered page's headers in one encoding: those a 304 carries too (caching and validators),
 * then those of the content itself.
 */
function pageHeaders(entry: Cached, page: Compiled, gzip: boolean) {
  const answer = gzip ? page.gzip : page.identity;
  const validators: [string, string][] = [
    ...entry.cacheHeaders,
    ["Content-Security-Policy", page.csp],
    ["Vary", "Accept-Encoding"],
    ["ETag", answer.etag],
  ];
  const content: [string, string][] = [
    ["Content-Type", "text/html; charset=utf-8"],
    ...(gzip ? [["Content-Encoding", "gzip"] as [string, string]] : []),
    ["Content-Length", answer.length],
  ];
  return { validators, content };
}

const ZContactBody = z.object({
  email: ZLeadEmail,
  message: z.string().trim().min(1, "Please write a message").max(2000),
});

/** What serving parked pages needs of the app. */
export interface ParkedHostDeps {
  db: Db;
  logger: Logger;
  mailer: Mailer;
  cdn: CdnPurge;
  limits: {
    leads: { perAddress: RateLimit; perDomain: RateLimit };
    parkedClicks: { perNetwork: RateLimit; perVisitor: RateLimit };
  };
  config: Pick<Config, "PUBLIC_URL" | "appUrl" | "sessionSecret">;
}

/**
 * The parked page of a verified domain, served on the domain's own host
 * (docs/product.md#parked-pages): rendered on the server from the owner's page, cached for a
 * few seconds per host and cleared when the owner saves. Any other host passes through.
 */
export function parkedHost(deps: ParkedHostDeps) {
  const cache = new Map<string, Cached>();
  const ownHost = deps.config.PUBLIC_URL ? normalizeHost(new URL(deps.config.PUBLIC_URL).host) : "";
  const appUrl = deps.config.appUrl;
  const visitors = visitorIds(deps.config.sessionSecret);

  /** The host's site as read within the last few seconds, if it was. */
  function freshSite(host: string): Cached | undefined {
    const hit = cache.get(host);
    return hit && hit.expires > Date.now() ? hit : undefined;
  }

  async function siteOf(host: string): Promise<Cached | null> {
    const hit = cache.get(host);
    if (hit && hit.expires > Date.now()) return hit;
    let site: ServedSite | null;
    try {
      site = await loadServedSite(deps.db, host);
    } catch (error) {
      // The database is away: the page last rendered, however old, or else the web client's
      // landing page, rather than an error for the visitor.
      deps.logger.warn({ err: error, host }, "parked page not read");
      return hit ?? null;
    }
    if (!site) {
      cache.delete(host);
      return null;
    }
    if (cache.size >= CACHE_LIMIT) cache.clear();
    const entry = {
      site,
      expires: Date.now() + PAGE_CACHE_MS,
      cacheHeaders: cacheHeadersOf(site),
      rendered: new Map(),
    };
    cache.set(host, entry);
    return entry;
  }

  /** The visitor's variant of a running test (and their id), or -1 for the page itself. */
  function variantFor(req: Request, res: Response, site: ServedSite, setCookie: boolean) {
    const experiment = site.experiment;
    if (!experiment) return { variant: -1, visitorId: null };
    let visitorId = visitors.read(req.get("cookie"), site.domain.name);
    if (!visitorId && setCookie) {
      const issued = visitors.issue(site.domain.name);
      visitorId = issued.id;
      res.cookie(VISITOR_COOKIE, issued.cookie, {
        httpOnly: true,
        sameSite: "lax",
        secure: req.secure,
        maxAge: VISITOR_COOKIE_DAYS * 86_400_000,
      });
    }
    if (!visitorId) return { variant: -1, visitorId: null };
    const weights = experiment.variants.map((v) => v.weight);
    return { variant: assignVariant(experiment.id, visitorId, weights), visitorId };
  }

  function pageFor(entry: Cached, variant: number) {
    const { site } = entry;
    return variant < 0 ? site.page : (site.experiment?.variants[variant]?.page ?? site.page);
  }

  function rendered(entry: Cached, variant: number): Compiled {
    let page = entry.rendered.get(variant);
    if (!page) {
      const html = renderPage(pageFor(entry, variant), {
        domainName: entry.site.domain.name,
        listingPrice: entry.site.listingPrice,
        appUrl,
        countView: variant >= 0,
      });
      page = {
        ...html,
        identity: encoded(Buffer.from(html.html), "utf8"),
        gzip: encoded(gzipSync(html.html), "latin1"),
      };
      entry.rendered.set(variant, page);
    }
    return page;
  }

  /** What the request says about its browser: a view or click of a bot or script counts nowhere. */
  const isPerson = (req: Request) =>
    countsAsPerson({
      userAgent: req.get("user-agent"),
      clientHints: req.get("sec-ch-ua"),
      secure: req.secure,
    });

  /**
   * A click on the page's links or for-sale buttons: counted for the domain within the limits per
   * network and per visitor, and a conversion of the visitor's test (one per network per test).
   */
  function countClick(req: Request, site: ServedSite, goal: TExperimentGoal): void {
    const visitorId = visitors.read(req.get("cookie"), site.domain.name);
    const network = networkKey(deps.config.sessionSecret, req.ip);
    const work = async () => {
      if (!isPerson(req)) return;
      const { perNetwork, perVisitor } = deps.limits.parkedClicks;
      if (!(await perNetwork.allows(`${site.domain.id}:${network}`))) return;
      if (!(await perVisitor.allows(`${site.domain.id}:${visitorId ?? network}`))) return;
      await deps.db.execute(sql`
        insert into domain_traffic (domain_id, user_id, day, clicks)
        values (${site.domain.id}, ${site.domain.userId}, (now() at time zone 'UTC')::date, 1)
        on conflict (domain_id, day) do update set clicks = domain_traffic.clicks + 1
      `);
      if (visitorId) await recordConversion(deps.db, { domainId: site.domain.id, visitorId, goal });
    };
    work().catch((error: unknown) => deps.logger.warn({ err: error }, "parked click not counted"));
  }

  const router = Router();

  /**
   * The page itself: every answer's headers and bodies were made when the site was read or the
   * page rendered, so a view only picks them (and answers 304 to a browser that holds it).
   */
  function servePage(req: Request, res: Response, entry: Cached): void {
    // The visitor is counted when the page's script says it was seen (`/__pp/seen`), not here.
    const { variant } = variantFor(req, res, entry.site, true);
    for (const [name, value] of entry.cacheHeaders) res.setHeader(name, value);
    const redirect = redirectOf(pageFor(entry, variant));
    if (redirect) {
      res.redirect(302, redirect);
      return;
    }
    const page = rendered(entry, variant);
    const gzip = takesGzipOf(req);
    const { validators, content } = pageHeaders(entry, page, gzip);
    for (const [name, value] of validators) res.setHeader(name, value);
    if (req.fresh) {
      res.statusCode = 304;
      res.end();
      return;
    }
    // Already encoded, so the compression middleware leaves it as it is.
    for (const [name, value] of content) res.setHeader(name, value);
    const answer = gzip ? page.gzip : page.identity;
    res.end(answer.body, answer.encoding);
  }

  // A split-tested page's beacon: a browser that ran the page's script saw its variant. Only a
  // visitor the server issued an id on this domain, from a browser that counts as a person,
  // within its network's share of the test, is counted.
  router.post("/__pp/seen", originCheck({ exempt: [] }), async (req, res) => {
    const entry = res.locals.parked as Cached;
    const experiment = entry.site.experiment;
    const { variant, visitorId } = variantFor(req, res, entry.site, false);
    res.setHeader("Cache-Control", "no-store");
    if (experiment && visitorId && variant >= 0 && isPerson(req)) {
      const network = networkKey(deps.config.sessionSecret, req.ip);
      await recordExposure(deps.db, { experimentId: experiment.id, visitorId, variant, network });
    }
    res.status(204).end();
  });

  router.get("/__pp/img/:id", async (req, res, next) => {
    const entry = res.locals.parked as Cached;
    const id = z.uuid().safeParse(req.params.id);
    if (!id.success) return next();
    const { rows } = await deps.db.execute<{ content_type: string; content: Buffer }>(
      sql`select content_type, content from page_images where id = ${id.data} and domain_id = ${entry.site.domain.id}`,
    );
    const image = rows[0];
    if (!image) return next();
    res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
    res.setHeader("Cache-Control", "public, max-age=86400, immutable");
    res.type(image.content_type).send(Buffer.from(image.content));
  });

  router.get("/__pp/go", (req, res, next) => {
    const entry = res.locals.parked as Cached;
    const { variant } = variantFor(req, res, entry.site, false);
    const block = pageFor(entry, variant).blocks[Number(req.query.b)];
    const link = block?.type === "links" ? block.links[Number(req.query.l)] : undefined;
    // Only a link on the page is followed, so the path is no open redirect.
    if (!link) return next();
    countClick(req, entry.site, "outbound-click");
    res.setHeader("Cache-Control", "no-store");
    res.redirect(302, link.url);
  });

  router.get("/__pp/buy", (req, res, next) => {
    const entry = res.locals.parked as Cached;
    if (!entry.site.listingPrice) return next();
    countClick(req, entry.site, "for-sale-click");
    // `from=lander`: the listing's page carries it to Buy now and Make offer, which count for this lander.
    const url = `${appUrl}/listings/${encodeURIComponent(entry.site.domain.name)}?from=lander${req.query.offer ? "#offer" : ""}`;
    res.setHeader("Cache-Control", "no-store");
    res.redirect(302, url);
  });

  router.post(
    "/__pp/contact",
    originCheck({ exempt: [] }),
    express.json({ limit: "8kb", verify: refuseDeepJson }),
    refuseNul,
    async (req, res, next) => {
      const entry = res.locals.parked as Cached;
      // Only a page that shows a contact form (itself, or a variant of its running test) takes messages.
      const pages = [entry.site.page, ...(entry.site.experiment?.variants.map((v) => v.page) ?? [])];
      if (!pages.some((page) => page.blocks.some((block) => block.type === "contact"))) return next();
      const body = ZContactBody.parse(req.body ?? {});
      const { domain } = entry.site;
      await deps.limits.leads.perAddress.spend(req.ip ?? "");
      await deps.limits.leads.perDomain.spend(domain.id);
      await notify(
        deps.db,
        {
          userId: domain.userId,
          kind: "buyer_inquiry",
          title: `Message from a visitor of ${domain.name}`,
          body: `${body.email} wrote: ${body.message}`,
          href: "/domains",
        },
        {
          mailer: deps.mailer,
          subject: `A visitor of ${domain.name} wrote to you`,
          body: `${body.email} wrote on ${domain.name}:\n\n${body.message}`,
        },
      );
      res.setHeader("Cache-Control", "no-store");
      res.status(201).json({ sent: true });
    },
  );

  // The host a request names, as a domain row stores it, or "" for the app's own or an address.
  const hosts = headerMemo<string>();
  const domainHost = (hostname: string) =>
    hosts(hostname, () => {
      const host = normalizeHost(hostname);
      return host.includes(".") && host !== ownHost && !isIP(host) ? host : "";
    });

  /** Answers a verified domain's host; any other request goes on to the rest of the app. */
  const middleware: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD" && req.method !== "POST") return next();
    if (req.path !== "/" && !req.path.startsWith("/__pp/")) return next();
    const host = domainHost(req.hostname ?? "");
    if (!host) return next();
    const serve = (entry: Cached | null) => {
      if (!entry) return next();
      res.locals.parked = entry;
      if (req.method !== "POST" && req.path === "/") servePage(req, res, entry);
      else router(req, res, next);
    };
    // A site read within the last few seconds is served at once, without waiting on a promise.
    const hit = freshSite(host);
    if (hit) serve(hit);
    else siteOf(host).then(serve).catch(next);
  };

  /**
   * A view of a page read within the last few seconds, answered before Express
   * (`server/http/fast-paths.ts`) with the same headers and bytes as `servePage`: what most of a
   * portfolio's traffic is. A page under a split test (each visitor a variant and a cookie) or a
   * redirect, a site not in memory, and every other path go through Express. The view is counted
   * by `countView` as it counts a landing-page view there.
   */
  function fastPath(options: {
    trust: TrustProxy;
    securityHeaders: readonly [string, string][];
    countView: (
      req: IncomingMessage,
      res: ServerResponse,
      view: { path: string; host: string; ip: string },
    ) => void;
  }): FastPath {
    // The page's own policy replaces the app's, as `servePage` sets it over the app's.
    const security = options.securityHeaders.filter(
      ([name]) => name.toLowerCase() !== "content-security-policy",
    );
    const headersOf = (entry: Cached, page: Compiled, gzip: boolean): FastHeaders => {
      const { validators, content } = pageHeaders(entry, page, gzip);
      return {
        ok: flatHeaders([...security, ...validators, ...content]),
        notModified: flatHeaders([...security, ...validators]),
      };
    };
    return (req, res) => {
      if ((req.method !== "GET" && req.method !== "HEAD") || pathOf(req) !== "/") return false;
      const host = domainHost(hostnameOf(req, options.trust) ?? "");
      const entry = host ? freshSite(host) : undefined;
      if (!entry || entry.site.experiment || redirectOf(entry.site.page)) return false;
      const page = rendered(entry, -1);
      page.fast ??= { identity: headersOf(entry, page, false), gzip: headersOf(entry, page, true) };
      const gzip = takesGzipOf(req);
      const answer = gzip ? page.gzip : page.identity;
      const headers = gzip ? page.fast.gzip : page.fast.identity;
      options.countView(req, res, { path: "/", host, ip: proxyAddr(req, options.trust) });
      if (fresh(req.headers, { etag: answer.etag })) {
        res.writeHead(304, headers.notModified);
        res.end();
      } else {
        res.writeHead(200, headers.ok);
        res.end(answer.body, answer.encoding);
      }
      return true;
    };
  }

  /** Forgets a host's rendered page after its owner changed it, here and at the CDN in front. */
  const invalidate = (domainName: string) => {
    const host = normalizeHost(domainName);
    cache.delete(host);
    deps.cdn
      .purgeDomain(host)
      .catch((error: unknown) =>
        deps.logger.warn({ err: error, host }, "parked page not purged from the CDN"),
      );
  };
  return { middleware, fastPath, invalidate };
}
