import fs from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import express, { type Request, type RequestHandler } from "express";

/** The built client (dist/public), beside the built server (dist/server). */
const publicDir = fileURLToPath(new URL("../public", import.meta.url));

/**
 * The landing page `/` is its own document, `landing.html` (vite.landing.config.ts); every other
 * page is the app's, `index.html` (docs/performance.md#landing-page).
 */
const isLandingPage = (req: Request) => (req.method === "GET" || req.method === "HEAD") && req.path === "/";

/** Production: hashed assets cached for a year, every other GET answered with its document. */
export function staticClient(): RequestHandler[] {
  const indexHtml = path.join(publicDir, "index.html");
  const landingHtml = path.join(publicDir, "landing.html");
  if (!fs.existsSync(indexHtml) || !fs.existsSync(landingHtml))
    throw new Error("The client is not built: run `npm run build` first.");
  return [
    express.static(publicDir, {
      index: false,
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
    (req, res, next) => {
      if (req.method !== "GET" && req.method !== "HEAD") return next();
      res.setHeader("Cache-Control", "no-cache");
      res.sendFile(isLandingPage(req) ? landingHtml : indexHtml);
    },
  ];
}

/**
 * Development: Vite in middleware mode on the same origin, its HMR socket on our HTTP server.
 * Vite's own Host check is off because the app makes it, before Vite, and knows the verified
 * parked domains (see dev-host-check.ts); the data folder is refused as well as server source.
 * The landing page has a Vite server of its own (its config puts Preact in React's place), whose
 * modules are served under its own prefix; it answers `/` and the app's answers the rest.
 */
export async function viteClient(options: {
  httpServer: Server;
  dataDir?: string;
}): Promise<{ handlers: RequestHandler[]; close: () => Promise<void> }> {
  const { createServer } = await import("vite");
  const extraDeny = options.dataDir ? [`${path.resolve(options.dataDir)}/**`] : [];
  const start = (config: string, appType: "spa" | "custom") =>
    createServer({
      configFile: fileURLToPath(new URL(config, import.meta.url)),
      server: {
        middlewareMode: true,
        ws: { server: options.httpServer },
        allowedHosts: true,
        fs: { deny: extraDeny },
      },
      appType,
    });
  const vite = await start("../vite.config.ts", "spa");
  const landing = await start("../vite.landing.config.ts", "custom");
  const landingHtml = path.join(landing.config.root, "landing.html");
  const landingBase = landing.config.base;
  return {
    handlers: [
      async (req, res, next) => {
        if (!isLandingPage(req)) return next();
        try {
          const html = await fs.promises.readFile(landingHtml, "utf8");
          res.setHeader("Cache-Control", "no-cache");
          res.type("html").send(await landing.transformIndexHtml("/landing.html", html, req.originalUrl));
        } catch (error) {
          next(error);
        }
      },
      (req, res, next) => (req.url.startsWith(landingBase) ? landing.middlewares(req, res, next) : next()),
      vite.middlewares,
    ],
    close: async () => {
      await Promise.all([vite.close(), landing.close()]);
    },
  };
}
