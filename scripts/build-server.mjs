// Bundles the server into dist/server/index.js; packages stay external and load from node_modules.
// The worker thread that reads uploads is its own entry, dist/server/workers/read-upload.js,
// where server/workers/worker-pool.ts looks for it.
import { build } from "esbuild";

await build({
  // The seed command sits beside the server, so that both find migrations/ at the same depth.
  entryPoints: {
    index: "server/index.ts",
    "seed-cli": "server/cli/seed-cli.ts",
    "workers/read-upload": "server/workers/read-upload.ts",
  },
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
