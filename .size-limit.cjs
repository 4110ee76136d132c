// The landing page's JavaScript budget, as a browser loads `/`: its own document, landing.html
// (vite.landing.config.ts), with its entry and every chunk the entry imports up front (Vite's
// manifest lists them; chunks loaded later, when the visitor starts on the form, submits it or is
// shown a toast, are not counted). Gzipped, as served.
// `npm run check:bundle` runs it after `npm run build`; `npm test` runs both before the browser tests.
const fs = require("node:fs");
const path = require("node:path");

const dist = path.join(__dirname, "dist/public");
const manifestFile = path.join(dist, ".vite/landing-manifest.json");

function landingFiles() {
  if (!fs.existsSync(manifestFile)) throw new Error("No build to measure: run `npm run build` first");
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8"));
  const seen = new Set();
  const walk = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) walk(next);
  };
  walk("landing.html");
  if (seen.size === 0) throw new Error("The landing page's manifest has no entry for landing.html");
  return [...seen]
    .map((key) => path.join("dist/public", manifest[key].file))
    .filter((f) => f.endsWith(".js"));
}

module.exports = [
  {
    name: "landing page JavaScript (gzip)",
    path: landingFiles(),
    gzip: true,
    // Issue 49's goal: 70 kB (70,000 bytes) at most (docs/performance.md#landing-page).
    limit: "70 kB",
  },
];
