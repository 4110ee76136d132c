import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@shared": path.resolve(import.meta.dirname, "shared"),
      "@": path.resolve(import.meta.dirname, "client/src"),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        // Unit tests sit beside the pure rules they test (`*.test.ts` next to the file).
        test: {
          name: "unit",
          include: ["{client/src,server,shared}/**/*.test.{ts,tsx}"],
          environment: "node",
          // Pure rules hold no state between files, so the files share their worker's modules:
          // a fresh module graph for each of them cost more than the tests (31 s against 14 s).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "component",
          include: ["tests/component/**/*.test.{ts,tsx}"],
          // happy-dom's fetch resolves the client's relative paths against the page's address and
          // really sends them, so a test points the page at a local HTTP server and nothing is mocked.
          environment: "happy-dom",
          setupFiles: ["tests/component/setup.ts"],
          // Each test renders with a query client of its own and is unmounted after it, so files
          // share their worker's page and modules: a fresh happy-dom page and module graph for each
          // file cost 47 s against 9 s (files in any order pass: --sequence.shuffle.files).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: "forks",
          maxWorkers: 2,
          // Files share their worker's loaded modules (each still opens its own database): compiling
          // the server again for every file took more time than the tests themselves.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // The money model (docs/money.md#the-model-test): MODEL_RUNS random sequences (200 by default).
          name: "model",
          include: ["tests/model/**/*.test.ts"],
          environment: "node",
          testTimeout: 1_800_000,
          hookTimeout: 120_000,
          pool: "forks",
        },
      },
      {
        extends: true,
        test: {
          name: "fuzz",
          include: ["tests/fuzz/**/*.test.ts"],
          environment: "node",
          testTimeout: 1_800_000,
          hookTimeout: 120_000,
          pool: "forks",
          // One shard of the routes a file, each file a core: the app answers in the test's own process.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: "system",
          include: ["tests/system/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          pool: "forks",
          maxWorkers: 2,
        },
      },
    ],
  },
});
