import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The docs name the files a flow crosses; every file they name exists. A name is a backquoted
 * path ending in a source extension: from the repository's root (`server/payments/refund-order.ts`)
 * or, as the docs also write, from a folder of the code (`ledger/held-funds.ts`,
 * `payments/money-effects.ts`), which must then be the tail of a tracked file. A name that starts
 * with a slash is a URL path, not a file.
 */
const root = path.resolve(import.meta.dirname, "../..");
const tracked = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter(Boolean);
const FILE = /`([\w./-]+\.(?:ts|tsx|mjs|cjs|sql|json))(?:#[\w-]+)?`/g;

const docs = [
  "README.md",
  ...readdirSync(path.join(root, "docs"), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".md"))
    .map((f) => path.join("docs", f)),
];

function namedFiles(doc: string): string[] {
  const text = readFileSync(path.join(root, doc), "utf8");
  return [...text.matchAll(FILE)]
    .map((m) => m[1])
    .filter((name) => name.includes("/") && !name.startsWith("/"));
}

const found = (name: string) =>
  tracked.includes(name) || tracked.some((file) => file.endsWith(`/${name.replace(/^\.\//, "")}`));

describe("the docs", () => {
  it("name files", () => {
    expect(docs.flatMap(namedFiles).length).toBeGreaterThan(50);
  });

  it.each(docs)("%s names only files that exist", (doc) => {
    expect(namedFiles(doc).filter((name) => !found(name))).toEqual([]);
  });
});
