import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cloudflarePurge, noCdnPurge, surrogateKeyOf } from "../../server/lib/cdn-purge";
import { EXPERIMENT_PATHS } from "../../shared/api/experiments";
import type { TPageBody } from "../../shared/api/parked-pages";
import { PAGE_PATHS } from "../../shared/api/parked-pages";
import { pathTo } from "../../shared/path-to";
import { addVerifiedDomain } from "../factories/domains";
import { buyMarketingTools } from "../factories/marketing-tools";
import { signUp } from "../factories/users";
import { startFakeCloudflare } from "../setup/fake-cloudflare";
import { createTestApp, type TestApp } from "../setup/test-app";

const ZONE = "0123456789abcdef0123456789abcdef";
const TOKEN = "cf-test-token-purge-only";
let cloudflare: Awaited<ReturnType<typeof startFakeCloudflare>>;
let t: TestApp;
beforeAll(async () => {
  cloudflare = await startFakeCloudflare({ zoneId: ZONE, apiToken: TOKEN });
  t = await createTestApp({
    env: {
      CDN_PURGE: "cloudflare",
      CLOUDFLARE_ZONE_ID: ZONE,
      CLOUDFLARE_API_TOKEN: TOKEN,
      CLOUDFLARE_API_BASE: cloudflare.baseURL,
    },
  });
});
afterAll(async () => {
  await t.close();
  await cloudflare.close();
});

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36";
const visit = (host: string) =>
  request(t.app).get("/").set({ Host: host, Accept: "text/html", "User-Agent": BROWSER });

const page = (headline: string): TPageBody => ({
  template: "standard",
  blocks: [{ type: "headline", headline, text: "" }],
});

describe("a parked page behind a CDN", () => {
  it("may be kept by a shared cache under its domain's surrogate key, and a save purges that key", async () => {
    const { agent } = await signUp(t.app);
    await buyMarketingTools(agent, ["landing-page-builder"]);
    const domain = await addVerifiedDomain(agent, t.db);
    const first = await visit(domain.name);
    expect(first.status).toBe(200);
    const cacheControl = first.headers["cache-control"];
    expect(cacheControl).toMatch(/\bpublic\b/);
    expect(cacheControl).toMatch(/\bs-maxage=\d+/);
    expect(cacheControl).toMatch(/\bstale-while-revalidate=\d+/);
    expect(first.headers["surrogate-key"]).toBe(surrogateKeyOf(domain.name));
    expect(first.headers["cache-tag"]).toBe(surrogateKeyOf(domain.name));
    expect(first.headers["set-cookie"]).toBeUndefined();

    expect(
      (await agent.put(pathTo(PAGE_PATHS.page, { id: domain.id })).send(page("Fresh words"))).status,
    ).toBe(200);
    // The purge follows the save's answer (a slow CDN API holds up no save): waited for, not timed.
    await expect
      .poll(
        () => cloudflare.purges.filter((p) => p.body.tags?.includes(surrogateKeyOf(domain.name))).length,
        {
          timeout: 30_000,
        },
      )
      .toBe(1);
    expect(cloudflare.purges.at(-1)).toMatchObject({ zoneId: ZONE, authorization: `Bearer ${TOKEN}` });
    expect((await visit(domain.name)).text).toContain("Fresh words");
  });

  it("keeps a split-tested page out of every shared cache: each visitor has a variant", async () => {
    const { agent } = await signUp(t.app);
    await buyMarketingTools(agent, ["landing-page-builder", "split-testing"]);
    const domain = await addVerifiedDomain(agent, t.db);
    const created = await agent.post(EXPERIMENT_PATHS.list).send({
      domainId: domain.id,
      goal: "outbound-click",
      variants: [
        { name: "A", page: page("Variant A"), weight: 1 },
        { name: "B", page: page("Variant B"), weight: 1 },
      ],
    });
    expect(created.status).toBe(201);
    const res = await visit(domain.name);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers["surrogate-key"]).toBeUndefined();
    expect(res.headers["set-cookie"]).toBeDefined();
  });
});

describe("the purge clients", () => {
  it("the default purges nothing and never fails", async () => {
    await expect(noCdnPurge.purgeDomain("example.com")).resolves.toBeUndefined();
  });

  it("Cloudflare's client refuses to pass silently when the API refuses the token", async () => {
    const wrong = cloudflarePurge({ zoneId: ZONE, apiToken: "not-the-token", baseURL: cloudflare.baseURL });
    const before = cloudflare.purges.length;
    await expect(wrong.purgeDomain("example.com")).rejects.toThrow();
    expect(cloudflare.purges.length).toBe(before);
  });
});
