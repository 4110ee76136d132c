import http from "node:http";
import type { AddressInfo } from "node:net";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishDuePosts } from "../../server/modules/social/publish-posts";
import type { TSocialSchedule } from "../../shared/api/social";
import { SOCIAL_PATHS } from "../../shared/api/social";
import { pathTo } from "../../shared/path-to";
import { buyMarketingTools } from "../factories/billing";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
let hook: http.Server;
const received: unknown[] = [];
beforeAll(async () => {
  t = await createTestApp();
  hook = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      received.push(JSON.parse(body));
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  await new Promise((resolve) => hook.close(resolve));
  await t.close();
});

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

describe("social scheduler", () => {
  it("without the Social Scheduler tool, scheduling answers 403 and nothing is stored", async () => {
    const user = await signUp(t.app);
    await buyMarketingTools(user.agent, ["creative-assets"]);
    const res = await user.agent
      .post(SOCIAL_PATHS.posts)
      .send({ network: "x", text: "Hello", scheduledAt: inMinutes(10) });
    expect(res.status).toBe(403);
    expect((await user.agent.get(SOCIAL_PATHS.posts)).status).toBe(403);
    expect((await user.agent.put(SOCIAL_PATHS.webhook).send({ url: "https://example.com/h" })).status).toBe(
      403,
    );
  });

  it("publishes each post at its time to the public Atom feed and the webhook, once", async () => {
    const user = await signUp(t.app, { name: "Pat Poster" });
    await buyMarketingTools(user.agent, ["social-scheduler"]);
    const { port } = hook.address() as AddressInfo;
    await user.agent
      .put(SOCIAL_PATHS.webhook)
      .send({ url: `http://127.0.0.1:${port}/hook` })
      .expect(200);

    const soon = (
      await user.agent.post(SOCIAL_PATHS.posts).send({
        network: "linkedin",
        text: "How I value a domain in 10 minutes <b>bold</b>",
        link: "https://example.com/post",
        scheduledAt: inMinutes(30),
      })
    ).body;
    expect(soon.publishedAt).toBeNull();
    const later = (
      await user.agent
        .post(SOCIAL_PATHS.posts)
        .send({ network: "x", text: "Later", scheduledAt: inMinutes(120) })
    ).body;

    const schedule = (await user.agent.get(SOCIAL_PATHS.posts).expect(200)).body as TSocialSchedule;
    const feedPath = new URL(schedule.feedUrl).pathname;
    const empty = await request(t.app).get(feedPath).expect(200);
    expect(empty.headers["content-type"]).toMatch(/application\/atom\+xml/);
    expect(empty.text).not.toContain("How I value");

    // Before its time nothing is published.
    await publishDuePosts({ db: t.db, appUrl: "http://app.test", now: new Date(Date.now() + 10 * 60_000) });
    expect(received).toHaveLength(0);

    const at = new Date(Date.now() + 31 * 60_000);
    expect(
      await publishDuePosts({ db: t.db, appUrl: "http://app.test", now: at, allowPrivateWebhooks: true }),
    ).toEqual({ published: 1 });
    await publishDuePosts({ db: t.db, appUrl: "http://app.test", now: at, allowPrivateWebhooks: true });
    expect(received).toEqual([
      expect.objectContaining({ id: soon.id, network: "linkedin", link: "https://example.com/post" }),
    ]);

    const feed = await request(t.app).get(feedPath).expect(200);
    expect(feed.text).toContain("<feed");
    expect(feed.text).toContain("Pat Poster on ParkPilot");
    expect(feed.text).toContain("How I value a domain");
    expect(feed.text).not.toContain("<b>bold</b>");
    expect(feed.text).toContain("&#60;b&#62;bold");
    expect(feed.text).not.toContain("Later");

    const after = (await user.agent.get(SOCIAL_PATHS.posts).expect(200)).body as TSocialSchedule;
    expect(after.posts.find((p) => p.id === soon.id)).toMatchObject({ webhookStatus: "delivered" });
    // A published post stays; a scheduled one can be withdrawn.
    await user.agent.delete(pathTo(SOCIAL_PATHS.post, { id: soon.id })).expect(404);
    await user.agent.delete(pathTo(SOCIAL_PATHS.post, { id: later.id })).expect(204);
  });

  it("refuses a time in the past, a bad link, and a webhook inside the network by default", async () => {
    const user = await signUp(t.app);
    await buyMarketingTools(user.agent, ["social-scheduler"]);
    expect(
      (
        await user.agent
          .post(SOCIAL_PATHS.posts)
          .send({ network: "x", text: "Hi", scheduledAt: inMinutes(-5) })
      ).status,
    ).toBe(400);
    expect(
      (
        await user.agent
          .post(SOCIAL_PATHS.posts)
          .send({ network: "x", text: "Hi", link: "javascript:alert(1)", scheduledAt: inMinutes(5) })
      ).status,
    ).toBe(400);
    expect(
      (
        await user.agent
          .post(SOCIAL_PATHS.posts)
          .send({ network: "myspace", text: "Hi", scheduledAt: inMinutes(5) })
      ).status,
    ).toBe(400);

    const { port } = hook.address() as AddressInfo;
    await user.agent
      .put(SOCIAL_PATHS.webhook)
      .send({ url: `http://127.0.0.1:${port}/hook` })
      .expect(200);
    const post = (
      await user.agent
        .post(SOCIAL_PATHS.posts)
        .send({ network: "x", text: "Inside?", scheduledAt: inMinutes(1) })
    ).body;
    const before = received.length;
    await publishDuePosts({ db: t.db, appUrl: "http://app.test", now: new Date(Date.now() + 2 * 60_000) });
    expect(received).toHaveLength(before);
    const saved = (await user.agent.get(SOCIAL_PATHS.posts)).body as TSocialSchedule;
    expect(saved.posts.find((p) => p.id === post.id)?.webhookStatus).toBe("failed: address not allowed");
  });

  it("an unknown feed is a 404", async () => {
    await request(t.app).get("/feeds/social/not-a-real-token-123.atom").expect(404);
  });
});
