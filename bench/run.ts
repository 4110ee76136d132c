import { readdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { BenchContext, type Figures, type Scenario } from "./lib/context";

/**
 * Runs every scenario in bench/scenarios (or those named on the command line), writes the
 * figures to bench/results/latest.json and prints them as a table.
 */
const only = process.argv.slice(2);
const dir = path.join(import.meta.dirname, "scenarios");
const files = (await readdir(dir)).filter((f) => f.endsWith(".ts")).sort();
const scenarios: Scenario[] = [];
for (const file of files) {
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default: Scenario };
  if (only.length === 0 || only.includes(mod.default.name)) scenarios.push(mod.default);
}

const ctx = new BenchContext();
const figures: Record<string, Figures> = {};
let failed = false;
for (const scenario of scenarios) {
  console.log(`\n▶ ${scenario.name}`);
  try {
    figures[scenario.name] = await scenario.run(ctx);
  } catch (error) {
    failed = true;
    figures[scenario.name] = { error: error instanceof Error ? error.message : String(error) };
  }
  console.table(figures[scenario.name]);
}
await ctx.close();

// Every figure with a goal ("… (goal ≤ x)") and whether this run met it ("… met").
const goals: { scenario: string; figure: string; value: number | string | boolean; met: boolean }[] = [];
for (const [name, values] of Object.entries(figures)) {
  for (const [key, value] of Object.entries(values)) {
    const goal = /^(.*) \(goal [^)]*\)$/.exec(key);
    if (!goal) continue;
    const met = values[`${goal[1]} met`];
    if (typeof met === "boolean") goals.push({ scenario: name, figure: key, value, met });
  }
}
if (goals.length) {
  console.log("\nGoals");
  console.table(goals);
}

const report = {
  ranAt: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  },
  figures,
};
const out = path.join(
  import.meta.dirname,
  "results",
  only.length ? `partial-${only.join("-")}.json` : "latest.json",
);
await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nFigures written to ${path.relative(process.cwd(), out)}`);
process.exit(failed ? 1 : 0);
