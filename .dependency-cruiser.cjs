/**
 * The boundaries `npm run check` holds (docs/architecture.md#layers-and-the-rules-between-them):
 * the client never imports the server, `shared/` imports neither side nor Node's built-ins, a
 * client feature does not import another feature (what two features need lives in components/ or
 * lib/, which import no feature and not the app shell), the server's folders import no higher
 * layer and never the composition root, services never see Express, the HTTP plumbing does not
 * reach into the modules, and no file imports itself round in a circle. Any import these rules
 * refuse fails the check; tests/system/boundary-rules.test.ts plants one of each. Loops between
 * folders are checked on the same graph by scripts/check-folder-cycles.mjs
 * (docs/architecture.md#layers-and-the-rules-between-them).
 */

/**
 * The server's folders in layers, lowest first: a folder imports folders of its own layer or
 * below, never above. Pure helpers, the configuration and the logger; the database and the HTTP
 * edge; mail and the worker threads; the payment providers and fulfilment; the product's modules
 * (between two of them, the folder loop check decides); the table of every module's order
 * effects; and what assembles the rest to run it: the jobs, the command-line tools, the demo seed,
 * the public API and the composition root, the files at the root of server/ (`ROOT_FILES`:
 * app.ts, client.ts, deps.ts, index.ts), which no folder imports (`not-the-composition-root`).
 */
const ROOT_FILES = "*.ts";
const SERVER_LAYERS = [
  ["lib"],
  ["db", "http"],
  ["mail", "workers"],
  ["payments"],
  ["modules"],
  ["order-effects"],
  ["jobs", "cli", "demo", "api-v1", ROOT_FILES],
];
const pathOf = (part) => (part === ROOT_FILES ? "[^/]+\\.ts$" : `${part}/`);
const nameOf = (part) => (part === ROOT_FILES ? "the root files of server/" : `server/${part}`);
const inLayers = (layers) => `^server/(${layers.flat().map(pathOf).join("|")})`;
const layerRules = SERVER_LAYERS.slice(0, -1).map((layer, i) => ({
  name: `layer-${layer.join("-")}`,
  comment: `${layer.map(nameOf).join(", ")} import nothing of a higher layer (${SERVER_LAYERS.slice(i + 1)
    .flat()
    .map(nameOf)
    .join(", ")}).`,
  severity: "error",
  from: { path: inLayers([layer]) },
  to: { path: inLayers(SERVER_LAYERS.slice(i + 1)) },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: "client-not-server",
      severity: "error",
      from: { path: "^client/" },
      to: { path: "^server/" },
    },
    {
      name: "shared-imports-neither-side",
      severity: "error",
      from: { path: "^shared/" },
      to: { path: "^(client|server)/" },
    },
    {
      name: "feature-not-feature",
      comment: "A feature is used through its pages; what two features share moves to components/ or lib/.",
      severity: "error",
      from: { path: "^client/src/features/([^/]+)/" },
      to: { path: "^client/src/features/", pathNot: "^client/src/features/$1/" },
    },
    {
      name: "lib-not-features",
      comment: "client/src/lib and components serve every feature and the app shell; they import neither.",
      severity: "error",
      from: { path: "^client/src/(lib|components)/" },
      to: { path: "^client/src/(features|app)/" },
    },
    {
      name: "shared-not-node",
      comment: "shared/ runs in the browser too: no Node built-in module (its tests run in Node alone).",
      severity: "error",
      from: { path: "^shared/", pathNot: "\\.test\\.ts$" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "services-not-express",
      comment:
        "Only routes and the HTTP plumbing speak Express (its session too); a service is called with plain values and shapes of its own.",
      severity: "error",
      from: { path: "^server/.+\\.(service|query)\\.ts$" },
      to: { path: "node_modules/(@types/)?express(-session)?/" },
    },
    {
      name: "http-not-modules",
      comment: "server/http/ is plumbing every module uses; it never depends on one.",
      severity: "error",
      from: { path: "^server/http/" },
      to: { path: "^server/modules/" },
    },
    {
      name: "not-the-composition-root",
      comment:
        "server/app.ts, deps.ts, index.ts and client.ts assemble the app from every folder, and no folder imports them: a module declares the narrow dependencies it needs as a type of its own and is handed the app's.",
      severity: "error",
      from: { path: "^server/[^/]+/" },
      to: { path: "^server/[^/]+\\.ts$" },
    },
    {
      name: "no-file-cycles",
      severity: "error",
      from: { path: "^(client/src|server|shared)/" },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
  },
};
