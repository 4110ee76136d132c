// Bundles the server into dist/server/index.js; packages stay external and load from node_modules.
import { build } from "esbuild";

await build({
  entryPoints: ["server/index.ts", "server/db/seed-cli.ts"],
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
