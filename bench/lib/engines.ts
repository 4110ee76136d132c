import type { BenchContext, Figures, RunningApp } from "./context";

export type Engine = "postgres" | "embedded";

/**
 * Runs `measure` on a fresh app over the PostgreSQL server, then on one over the embedded engine
 * (each started with `env` besides), and answers the figures both wrote. An engine that cannot
 * start (a machine too busy) writes its error and leaves the other's figures standing.
 */
export async function onEachEngine(
  ctx: BenchContext,
  env: Record<string, string>,
  measure: (engine: Engine, app: RunningApp, figures: Figures) => Promise<void>,
): Promise<Figures> {
  const figures: Figures = {};
  for (const engine of ["postgres", "embedded"] as const) {
    const database = engine === "postgres" ? await ctx.freshDatabase() : undefined;
    const app = await ctx
      .startApp({
        databaseUrl: database?.url,
        env: { ...(engine === "embedded" ? { PGLITE_DIR: "memory://" } : {}), ...env },
      })
      .catch((error: Error) => {
        figures[`${engine}: error`] = error.message;
      });
    if (!app) {
      await database?.drop();
      continue;
    }
    try {
      await measure(engine, app, figures);
    } finally {
      await app.stop();
      await database?.drop();
    }
  }
  return figures;
}
