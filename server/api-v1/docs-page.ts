import { createRequire } from "node:module";
import path from "node:path";
import { Router } from "express";
import { API_DOCS_PATH, API_V1_OPENAPI_PATH } from "../../shared/api/v1/common";

/** Scalar's self-contained browser build, served by the app: the page loads nothing from elsewhere. */
function scalarBundlePath(): string {
  const entry = createRequire(import.meta.url).resolve("@scalar/api-reference");
  return path.join(path.dirname(entry), "browser", "standalone.js");
}

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>ParkPilot API reference</title>
  </head>
  <body>
    <div id="api-reference"></div>
    <script src="${API_DOCS_PATH}/scalar.js"></script>
    <script src="${API_DOCS_PATH}/start.js"></script>
  </body>
</html>`;

// A script file rather than an inline one, so that the page passes the app's CSP as it is.
const START = `Scalar.createApiReference("#api-reference", {
  url: ${JSON.stringify(API_V1_OPENAPI_PATH)},
  withDefaultFonts: false,
  hideClientButton: true,
  telemetry: false,
  agent: { disabled: true },
});`;

/** `/docs/api`: the API reference page over the OpenAPI document. */
export function docsRoutes(): Router {
  const router = Router();
  const bundle = scalarBundlePath();
  router.get("/", (_req, res) => {
    res.type("html").set("Cache-Control", "no-cache").send(PAGE);
  });
  router.get("/scalar.js", (_req, res) => {
    res.set("Cache-Control", "public, max-age=86400").type("application/javascript").sendFile(bundle);
  });
  router.get("/start.js", (_req, res) => {
    res.set("Cache-Control", "no-cache").type("application/javascript").send(START);
  });
  return router;
}
