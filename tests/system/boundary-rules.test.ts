import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * `npm run check:boundaries` refuses what its rules say it refuses: a scratch copy of the code gets
 * one violation of every rule of .dependency-cruiser.cjs, and the check must fail naming each.
 * A rule added without a planted violation here fails the test, so no rule goes unchecked.
 */
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const rules = (
  createRequire(import.meta.url)(path.join(root, ".dependency-cruiser.cjs")) as {
    forbidden: { name: string }[];
  }
).forbidden.map((rule) => rule.name);

/** One violating file (or two, for a cycle) per rule: path in the copy → its text. */
const PLANTS: Record<string, Record<string, string>> = {
  "layer-lib": { "server/lib/planted.ts": 'export * from "../db/pool";\n' },
  "layer-db-http": { "server/db/planted.ts": 'export * from "../mail/mailer";\n' },
  "layer-mail-workers": { "server/mail/planted.ts": 'export * from "../payments/money-effects";\n' },
  "layer-payments": { "server/payments/planted.ts": 'export * from "../modules/ledger/balance-of";\n' },
  "layer-modules": { "server/modules/planted.ts": 'export * from "../order-effects/order-effects";\n' },
  "layer-order-effects": { "server/order-effects/planted.ts": 'export * from "../jobs/job-queue";\n' },
  "client-not-server": { "client/src/planted.ts": 'export * from "../../server/lib/breathe";\n' },
  "shared-imports-neither-side": { "shared/planted-side.ts": 'export * from "../server/lib/breathe";\n' },
  "feature-not-feature": {
    "client/src/features/landing/planted.ts": 'export * from "../settings/planted-target";\n',
    "client/src/features/settings/planted-target.ts": "export const target = 1;\n",
  },
  "lib-not-features": { "client/src/lib/planted.ts": 'export * from "../app/routes";\n' },
  "shared-not-node": {
    "shared/planted-node.ts": 'import { readFileSync } from "node:fs";\nexport const r = readFileSync;\n',
  },
  "services-not-express": {
    "server/modules/auth/planted.service.ts":
      'import type { Session } from "express-session";\nexport type S = Session;\n',
  },
  "not-the-composition-root": {
    "server/modules/health/planted-deps.ts":
      'import type { AppDeps } from "../../deps";\nexport type D = AppDeps;\n',
  },
  "http-not-modules": { "server/http/planted.ts": 'export * from "../modules/ledger/balance-of";\n' },
  "no-file-cycles": {
    "server/lib/planted-a.ts": 'import { b } from "./planted-b";\nexport const a = () => b;\n',
    "server/lib/planted-b.ts": 'import { a } from "./planted-a";\nexport const b = () => a;\n',
  },
};

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "parkpilot-boundaries-"));
  for (const entry of [
    "client",
    "server",
    "shared",
    "scripts",
    "tsconfig.json",
    ".dependency-cruiser.cjs",
    "package.json",
  ])
    await cp(path.join(root, entry), path.join(scratch, entry), { recursive: true });
  await symlink(path.join(root, "node_modules"), path.join(scratch, "node_modules"), "dir");
});
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe("the boundary check", () => {
  it("has a planted violation for every rule", () => {
    expect(rules.filter((name) => !PLANTS[name])).toEqual([]);
  });

  it("fails on a copy with one violation of each rule, naming every rule", async () => {
    for (const files of Object.values(PLANTS))
      for (const [file, text] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(scratch, file)), { recursive: true });
        await writeFile(path.join(scratch, file), text);
      }
    const outcome = await run("sh", ["scripts/check-boundaries.sh"], {
      cwd: scratch,
      maxBuffer: 1 << 24,
    }).then(
      () => ({ failed: false, output: "" }),
      (error: { stdout?: string; stderr?: string }) => ({
        failed: true,
        output: `${error.stdout ?? ""}${error.stderr ?? ""}`,
      }),
    );
    expect(outcome.failed).toBe(true);
    const named = rules.filter((name) => new RegExp(`error ${name}:`).test(outcome.output));
    expect(named.sort()).toEqual([...rules].sort());
  });
});
