import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A folder of the repository (e.g. "content/courses"), found by walking up from this module: the
 * same code runs from `server/` under tsx and bundled from `dist/server/`.
 */
export function repoPath(relative: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, relative);
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  throw new Error(`${relative} not found above ${fileURLToPath(import.meta.url)}`);
}
