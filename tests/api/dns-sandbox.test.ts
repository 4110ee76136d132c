import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../server/lib/config";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { pathTo } from "../../shared/path-to";
import { addDomain } from "../factories/domains";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DNS_SANDBOX: "true" } });
});
afterAll(() => t.close());

describe("the DNS sandbox (development only)", () => {
  it("proves a domain from the TXT record its owner publishes in the app, and only its owner publishes for it", async () => {
    const owner = await signUp(t.app);
    const domain = await addDomain(owner.agent);
    const path = pathTo(DOMAIN_PATHS.dnsSandbox, { id: domain.id });
    expect((await owner.agent.get(path)).body).toEqual({ enabled: true, txt: null, ns: [] });

    // Nothing published: the check finds nothing.
    const before = await owner.agent.post(pathTo(DOMAIN_PATHS.verify, { id: domain.id }));
    expect(before.body.verification.status).toBe("pending");

    const bad = await owner.agent.put(path).send({ txt: null, ns: ["not a host"] });
    expect(bad.status).toBe(400);
    const stranger = await signUp(t.app);
    const foreign = await stranger.agent.put(path).send({ txt: domain.verification.txtRecord.value, ns: [] });
    expect(foreign.status).toBe(404);
    expect((await stranger.agent.get(path)).status).toBe(404);

    const published = await owner.agent.put(path).send({ txt: domain.verification.txtRecord.value, ns: [] });
    expect(published.status).toBe(200);
    const verified = await owner.agent.post(pathTo(DOMAIN_PATHS.verify, { id: domain.id }));
    expect(verified.body.verification.status).toBe("verified");
  });

  it("proves a domain from the nameserver pair published for it", async () => {
    const owner = await signUp(t.app);
    const domain = await addDomain(owner.agent);
    const path = pathTo(DOMAIN_PATHS.dnsSandbox, { id: domain.id });
    await owner.agent.put(path).send({ txt: null, ns: domain.verification.nameservers });
    const verified = await owner.agent.post(pathTo(DOMAIN_PATHS.verify, { id: domain.id }));
    expect(verified.body.verification.status).toBe("verified");
    expect(verified.body.status).toBe("parked");
  });

  it("is off outside development, and production refuses to start with it", async () => {
    expect(parseConfig({ NODE_ENV: "development" }).dnsSandbox).toBe(true);
    expect(parseConfig({ NODE_ENV: "test" }).dnsSandbox).toBe(false);
    expect(() =>
      parseConfig({ NODE_ENV: "production", SESSION_SECRET: "a-long-enough-secret", DNS_SANDBOX: "true" }),
    ).toThrow(/DNS_SANDBOX: development only/);
    expect(parseConfig({ NODE_ENV: "production", SESSION_SECRET: "a-long-enough-secret" }).dnsSandbox).toBe(
      false,
    );

    const off = await createTestApp();
    try {
      const owner = await signUp(off.app);
      const domain = await addDomain(owner.agent);
      const path = pathTo(DOMAIN_PATHS.dnsSandbox, { id: domain.id });
      expect((await owner.agent.get(path)).body).toEqual({ enabled: false, txt: null, ns: [] });
      const put = await owner.agent.put(path).send({ txt: domain.verification.txtRecord.value, ns: [] });
      expect(put.status).toBe(404);
      expect(put.body.message).toContain("only in development");
    } finally {
      await off.close();
    }
  });
});
