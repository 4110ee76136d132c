import { beforeAll, describe, expect, it } from "vitest";
import { OFFERS } from "../../shared/catalog";
import { listApiRoutes } from "../setup/route-table";
import { createTestApp, type TestApp } from "../setup/test-app";

/**
 * Paths are written once, in `shared/api`: the server registers its routes with them, the client
 * and the tests fill them in. This holds the two lists to each other, by path (a path's methods
 * are the server's business): every path the server serves is declared, every declared path is
 * served.
 */
const modules = import.meta.glob(["../../shared/api/**/*.ts", "!../../shared/api/**/*.test.ts"], {
  eager: true,
});

/** Declared strings that name a prefix, not a route. */
const PREFIXES: Record<string, string> = {
  "/api/v1": "the public API's base, its routes are under it",
  "/api/admin": "the operator console's base, its routes are under it",
};

function declaredPaths(): Set<string> {
  const found = new Set<string>();
  const take = (value: unknown) => {
    if (typeof value !== "string" || (!value.startsWith("/api/") && value !== "/api")) return;
    const path = value.split("?")[0];
    if (!Object.hasOwn(PREFIXES, path)) found.add(path);
  };
  for (const exports of Object.values(modules)) {
    for (const value of Object.values(exports as Record<string, unknown>)) {
      take(value);
      if (value && typeof value === "object" && !Array.isArray(value)) Object.values(value).forEach(take);
    }
  }
  // The purchase paths are the catalogue's, one per offer.
  for (const offer of Object.values(OFFERS)) take(offer.path);
  return found;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe("the API's paths are written once, in shared/api", () => {
  it("every path the server serves is declared in shared/api, and every declared path is served", () => {
    const served = new Set(listApiRoutes(t.app).map((r) => r.path));
    const declared = declaredPaths();
    const notDeclared = [...served].filter((p) => !declared.has(p)).sort();
    const notServed = [...declared].filter((p) => !served.has(p)).sort();
    expect({
      "served but not declared in shared/api": notDeclared,
      "declared but not served": notServed,
    }).toEqual({
      "served but not declared in shared/api": [],
      "declared but not served": [],
    });
  });
});
