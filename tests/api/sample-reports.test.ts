import { readFileSync } from "node:fs";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from "../../server/demo/seed";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { PARKING_PATHS } from "../../shared/api/parking";
import { AD_NETWORKS } from "../../shared/catalog";
import { pathTo } from "../../shared/path-to";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { nameserverPool: t.deps.config.nameserverPool });
});
afterAll(() => t.close());

describe("the committed sample parking reports", () => {
  it.each(AD_NETWORKS)(
    "the %s sample imports wholly into the demo account: both its domains match",
    async (network) => {
      const demo = request.agent(t.app);
      const login = await demo
        .post(AUTH_PATHS.login)
        .send({ usernameOrEmail: DEMO_EMAIL, password: DEMO_PASSWORD });
      expect(login.status).toBe(200);
      const file = readFileSync(new URL(`../../samples/parking-reports/${network}.csv`, import.meta.url));

      const res = await demo
        .post(pathTo(PARKING_PATHS.upload, { network }))
        .set("Content-Type", "text/csv")
        .send(file);

      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({
        imported: 4,
        matchedDomains: 2,
        skippedCount: 0,
        unknownDomainCount: 0,
        firstDay: "2025-03-01",
      });
    },
  );
});
