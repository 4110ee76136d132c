// The landing page's JavaScript budget, as a browser loads `/`: the entry and every chunk it and
// the landing page's own chunk import up front (Vite's manifest lists them; chunks loaded later,
// on the visitor's first click or form submission, are not counted). Gzipped, as served.
// `npm run check:bundle` runs it after `npm run build`; `npm test` runs both before the browser tests.
const fs = require("node:fs");
const path = require("node:path");

const dist = path.join(__dirname, "dist/public");
const manifestFile = path.join(dist, ".vite/manifest.json");

function landingFiles() {
  if (!fs.existsSync(manifestFile)) throw new Error("No build to measure: run `npm run build` first");
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8"));
  const landing = Object.keys(manifest).find((key) => manifest[key].src === "src/pages/landing.tsx");
  const seen = new Set();
  const walk = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) walk(next);
  };
  walk("index.html");
  walk(landing);
  return [...seen]
    .map((key) => path.join("dist/public", manifest[key].file))
    .filter((f) => f.endsWith(".js"));
}

module.exports = [
  {
    name: "landing page JavaScript (gzip)",
    path: landingFiles(),
    gzip: true,
    // Issue 49's goal is 70 kB; React and React DOM alone are about 60 kB of it (docs/architecture.md#performance).
    limit: "80 KiB",
  },
];
