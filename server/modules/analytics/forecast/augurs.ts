import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { initSync, MSTL } from "@bsull/augurs/mstl";

let ready = false;

/**
 * augurs' MSTL with an AutoETS trend, its WebAssembly loaded once from the package's own file
 * (the package does not load itself in Node; docs/decisions/0012-forecasting-with-augurs.md).
 */
export function mstlModel(periods: number[]): MSTL {
  if (!ready) {
    const entry = createRequire(import.meta.url).resolve("@bsull/augurs/mstl");
    initSync({ module: readFileSync(join(dirname(entry), "mstl_bg.wasm")) });
    ready = true;
  }
  return MSTL.ets(periods);
}
