import fs from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import express, { type RequestHandler } from "express";

/** The built client (dist/public), beside the built server (dist/server). */
const publicDir = fileURLToPath(new URL("../public", import.meta.url));

/** Production: hashed assets cached for a year, every other GET answered with the SPA shell. */
export function staticClient(): RequestHandler[] {
  const indexHtml = path.join(publicDir, "index.html");
  if (!fs.existsSync(indexHtml)) throw new Error("The client is not built: run `npm run build` first.");
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
      res.sendFile(indexHtml);
    },
  ];
}

/**
 * Development: Vite in middleware mode on the same origin, its HMR socket on our HTTP server.
 * Vite's own Host check is off because the app makes it, before Vite, and knows the verified
 * parked domains (see dev-host-check.ts); the data folder is refused as well as server source.
 */
export async function viteClient(options: {
  httpServer: Server;
  dataDir?: string;
}): Promise<{ handlers: RequestHandler[]; close: () => Promise<void> }> {
  const { createServer } = await import("vite");
  const configFile = fileURLToPath(new URL("../vite.config.ts", import.meta.url));
  const extraDeny = options.dataDir ? [`${path.resolve(options.dataDir)}/**`] : [];
  const vite = await createServer({
    configFile,
    server: {
      middlewareMode: true,
      ws: { server: options.httpServer },
      allowedHosts: true,
      fs: { deny: extraDeny },
    },
    appType: "spa",
  });
  return { handlers: [vite.middlewares], close: () => vite.close() };
}
