import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECURITY_PATHS } from "../../shared/api/auth/security";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
let production: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: "https://app.parkpilot.test" } });
  production = await createTestApp({
    env: { NODE_ENV: "production", SESSION_SECRET: "production-secret-0123", PUBLIC_URL: "https://p.test" },
  });
});
afterAll(async () => {
  await t.close();
  await production.close();
});

describe("the development mail page (GET /__dev/mail)", () => {
  it("answers JSON, newest first, with each mail's links", async () => {
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    await request(t.app).post(SECURITY_PATHS.passwordReset).send({ email: second.input.email }).expect(202);

    const res = await request(t.app).get("/__dev/mail").set("Accept", "application/json");

    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const { messages } = res.body;
    expect(messages.map((m: { to: string; subject: string }) => [m.to, m.subject])).toEqual([
      [second.input.email, "Reset your ParkPilot password"],
      [second.input.email, "Confirm your ParkPilot email"],
      [first.input.email, "Confirm your ParkPilot email"],
    ]);
    expect(Object.keys(messages[0]).sort()).toEqual(["links", "sentAt", "subject", "text", "to"]);
    expect(messages[0].links).toEqual([
      expect.stringMatching(/^https:\/\/app\.parkpilot\.test\/reset-password\?token=/),
    ]);
    expect(messages[0].text).toContain(messages[0].links[0]);
    expect(Date.parse(messages[0].sentAt)).toBeGreaterThanOrEqual(Date.parse(messages[1].sentAt));
  });

  it("shows people an HTML page with the text escaped", async () => {
    await signUp(t.app, { name: "<b>Mallory</b>" });
    const res = await request(t.app).get("/__dev/mail").set("Accept", "text/html");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.text).toContain("&#60;b&#62;Mallory&#60;/b&#62;");
    expect(res.text).not.toContain("<b>Mallory</b>");
    expect(res.text).toMatch(/<a href="https:\/\/app\.parkpilot\.test\/confirm-email\?token=/);
  });

  it("does not exist in production", async () => {
    await signUp(production.app);
    for (const accept of ["application/json", "text/html"]) {
      const res = await request(production.app).get("/__dev/mail").set("Accept", accept);
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain("Confirm your ParkPilot email");
    }
  });
});
