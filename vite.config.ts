import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const root = path.resolve(import.meta.dirname, "client");

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      "@shared": path.resolve(import.meta.dirname, "shared"),
      "@": path.resolve(root, "src"),
    },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, process.env.VITE_OUT_DIR ?? "dist/public"),
    emptyOutDir: true,
    sourcemap: false,
  },
});
