import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type FileSystemServeOptions } from "vite";

export const root = path.resolve(import.meta.dirname, "client");
const inRepo = (folder: string) => path.resolve(import.meta.dirname, folder);
/** Where both builds write: the app's (this file) and the landing page's (vite.landing.config.ts). */
export const outDir = path.resolve(import.meta.dirname, process.env.VITE_OUT_DIR ?? "dist/public");

/** The import paths the client's source uses: `@shared/…` and `@/…`. */
export const sourceAliases = {
  "@shared": inRepo("shared"),
  "@": path.resolve(root, "src"),
};

/**
 * The dev server reads only what the browser needs: the client, the code it shares with the
 * server, and packages. Server source, the data folder and anything else at the root stay
 * unreachable, even through /@fs/ (DESIGN §14).
 */
export const devFiles: FileSystemServeOptions = {
  strict: true,
  allow: [root, inRepo("shared"), inRepo("node_modules")],
  deny: [
    ".env",
    ".env.*",
    "*.{crt,pem,key,p12,pfx,cer,der}",
    ".npmrc",
    "**/.git/**",
    `${inRepo("server")}/**`,
  ],
};

// What the public pages share with the rest besides React: primitives, the icon runtime and the
// icons they share with other pages, and the public pages' header and footer.
const PUBLIC_BASICS = new RegExp(
  [
    "node_modules/(clsx|class-variance-authority)/",
    String.raw`node_modules/lucide-react/dist/esm/([^/]+|icons/(arrow-up|arrow-right|circle-check|layout-dashboard|zap|lock|shield-check))\.mjs$`,
    String.raw`client/src/components/(brand-mark|ui/(button|input|label|field-error))\.tsx$`,
    String.raw`client/src/(lib/toast|features/landing/components/site-(header|footer))\.tsx?$`,
  ].join("|"),
);

/**
 * The app: every page but the landing page, on React. The landing page `/` is its own document,
 * built by vite.landing.config.ts (docs/performance.md#landing-page).
 */
export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      ...sourceAliases,
      "use-sync-external-store/shim/index.js": path.resolve(root, "src/lib/react-sync-store.ts"),
    },
  },
  server: { fs: devFiles },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    // Which files each entry loads up front: the bundle budget (.size-limit.cjs) reads it.
    manifest: true,
    // Every browser the app supports preloads modules itself; the polyfill only adds to each page.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // The few primitives and icons the public pages share with the rest travel as one file
        // rather than a dozen tiny ones, each with its own request and imports.
        manualChunks: (id) => (PUBLIC_BASICS.test(id) ? "basics" : undefined),
      },
    },
  },
});
