import { createRequire } from "node:module";
import path from "node:path";
import { Router } from "express";
import { API_DOCS_PATH, API_V1_OPENAPI_PATH } from "../../shared/api/v1/common";

/** Redoc's self-contained browser build, served by the app: the page loads its code from nowhere else. */
function redocBundlePath(): string {
  const entry = createRequire(import.meta.url).resolve("redoc");
  return path.join(path.dirname(entry), "redoc.standalone.js");
}

// No inline script: the <redoc> element names the document, so the page passes the app's CSP as it is.
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>ParkPilot API reference</title>
  </head>
  <body>
    <redoc spec-url="${API_V1_OPENAPI_PATH}" hide-hostname="true" expand-responses="200,201"></redoc>
    <script src="${API_DOCS_PATH}/redoc.js"></script>
  </body>
</html>`;

/** `/docs/api`: the API reference page over the OpenAPI document. */
export function docsRoutes(): Router {
  const router = Router();
  const bundle = redocBundlePath();
  router.get("/", (_req, res) => {
    res.type("html").set("Cache-Control", "no-cache").send(PAGE);
  });
  router.get("/redoc.js", (_req, res) => {
    res.set("Cache-Control", "public, max-age=86400").type("application/javascript").sendFile(bundle);
  });
  return router;
}
