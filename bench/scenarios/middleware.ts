import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { type Figures, freePort, type Scenario } from "../lib/context";
import { LAYERS } from "../lib/layers";

const SECONDS = 5;
const CONNECTIONS = 16;
const round = (n: number) => Math.round(n * 10) / 10;

/**
 * What each middleware of the API costs per request: the app's own middleware stacked in the
 * app's order, one layer more per server (`bench/lib/layer-server.ts`), each its own process
 * loaded by 16 connections for 5 s. The cost of a layer is the time per request it adds
 * (1 / throughput on the server's one core, in microseconds), against raw `node:http`.
 */
const scenario: Scenario = {
  name: "middleware",
  async run(ctx) {
    const database = await ctx.freshDatabase();
    const figures: Figures = {};
    let previousUs = 0;
    try {
      for (const [layer, name] of LAYERS.entries()) {
        const port = await freePort();
        const child = spawn(process.execPath, ["--import", "tsx", "bench/lib/layer-server.ts"], {
          env: { ...process.env, LAYER: String(layer), PORT: String(port), DATABASE_URL: database.url },
          stdio: ["ignore", "pipe", "inherit"],
        });
        try {
          const [line] = (await once(createInterface({ input: child.stdout }), "line")) as [string];
          const cookie = line.replace(/^ready ?/, "");
          const url = `http://127.0.0.1:${port}${layer === 0 ? "/" : "/api/probe"}`;
          const headers: Record<string, string> = { "accept-encoding": "gzip" };
          if (cookie) headers.cookie = cookie;
          await ctx.load({ url, headers, connections: CONNECTIONS, durationSeconds: 1 });
          const result = await ctx.load({ url, headers, connections: CONNECTIONS, durationSeconds: SECONDS });
          if (result.non2xx > 0) throw new Error(`${name}: ${result.non2xx} answers were not 2xx`);
          const us = 1_000_000 / result.reqPerSec;
          figures[`${name}: req/s`] = result.reqPerSec;
          figures[`${name}: µs per request`] = round(us);
          if (layer > 0) figures[`${name}: µs it adds`] = round(us - previousUs);
          previousUs = us;
        } finally {
          child.kill("SIGTERM");
          await once(child, "exit");
        }
      }
    } finally {
      await database.drop();
    }
    return figures;
  },
};

export default scenario;
