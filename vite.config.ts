import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const root = path.resolve(import.meta.dirname, "client");
const inRepo = (folder: string) => path.resolve(import.meta.dirname, folder);

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      "@shared": path.resolve(import.meta.dirname, "shared"),
      "@": path.resolve(root, "src"),
    },
  },
  server: {
    // The dev server reads only what the browser needs: the client, the code it shares with the
    // server, and packages. Server source, the data folder and anything else at the root stay
    // unreachable, even through /@fs/ (DESIGN §14).
    fs: {
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
    },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, process.env.VITE_OUT_DIR ?? "dist/public"),
    emptyOutDir: true,
    sourcemap: false,
  },
});
