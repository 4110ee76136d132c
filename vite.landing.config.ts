import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { devFiles, outDir, root, sourceAliases } from "./vite.config.js";

/** In development the landing page's modules are served under this prefix, apart from the app's. */
const LANDING_DEV_BASE = "/__landing/";

/**
 * The landing page `/`, the page most visitors load (every parked domain's visitor), as its own
 * document: the same components as the app, on Preact's React-compatible runtime instead of React
 * DOM, which keeps its JavaScript within the page's budget (docs/performance.md#landing-page).
 * Built after the app's config, into the same folder; the server sends `landing.html` for `/`.
 */
export default defineConfig(({ command }) => ({
  root,
  base: command === "serve" ? LANDING_DEV_BASE : "/",
  // Its own dependency cache, apart from the app's dev server, which pre-bundles React.
  cacheDir: path.resolve(import.meta.dirname, "node_modules/.vite-landing"),
  plugins: [tailwindcss()],
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
      { find: /^react(-dom)?$/, replacement: "preact/compat" },
      { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
      { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
      ...Object.entries(sourceAliases).map(([find, replacement]) => ({ find, replacement })),
    ],
  },
  server: { fs: devFiles },
  optimizeDeps: { entries: ["landing.html"] },
  build: {
    outDir,
    // The app's build, just written to the same folder, stays.
    emptyOutDir: false,
    sourcemap: false,
    // Beside the app's, under .vite/ (never served): the bundle budget (.size-limit.cjs) reads it.
    manifest: ".vite/landing-manifest.json",
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: path.resolve(root, "landing.html"),
      // Packages mark their React modules "use client", which means nothing in a browser bundle
      // (the app's React plugin drops the same warning).
      onwarn(warning, warn) {
        if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
      },
    },
  },
}));
