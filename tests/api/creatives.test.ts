import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BANNER_SIZES, CREATIVES_PATH, creativeFilePath, type TCreatives } from "../../shared/api/creatives";
import { referralCodeOf } from "../factories/affiliates";
import { buyMarketingTools } from "../factories/billing";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeOf = (userId: string) => referralCodeOf(t.db, userId);

describe("creative assets", () => {
  it("without the Creative Assets tool, the list and every file answer 403", async () => {
    const user = await signUp(t.app);
    await buyMarketingTools(user.agent, ["social-scheduler"]);
    expect((await user.agent.get(CREATIVES_PATH)).status).toBe(403);
    expect((await user.agent.get(creativeFilePath("banner-300x250", "png"))).status).toBe(403);
    expect((await user.agent.get(creativeFilePath("qr-code", "svg"))).status).toBe(403);
  });

  it("with the tool, every IAB size and a QR code come as SVG and PNG carrying the user's own link", async () => {
    const user = await signUp(t.app);
    await buyMarketingTools(user.agent, ["creative-assets"]);
    const code = await codeOf(user.user.id);

    const list = (await user.agent.get(CREATIVES_PATH).expect(200)).body as TCreatives;
    expect(list.referralLink).toMatch(new RegExp(`/r/${code}$`));
    expect(list.assets.map((a) => a.id)).toEqual([
      ...BANNER_SIZES.map((s) => `banner-${s.width}x${s.height}`),
      "qr-code",
    ]);

    for (const asset of list.assets) {
      expect(asset.link).toContain(`/r/${code}?utm_source=${asset.id}`);
      const svg = await user.agent.get(creativeFilePath(asset.id, "svg")).buffer(true).expect(200);
      expect(svg.headers["content-type"]).toMatch(/^image\/svg\+xml/);
      expect(svg.headers["content-disposition"]).toContain(`parkpilot-${asset.id}.svg`);
      const text = svg.body.toString("utf8");
      expect(text).toContain(`width="${asset.width}" height="${asset.height}"`);
      expect(text).not.toContain("<script");

      const png = await user.agent.get(creativeFilePath(asset.id, "png")).buffer(true).expect(200);
      expect(png.headers["content-type"]).toBe("image/png");
      const bytes = png.body as Buffer;
      expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
      // The IHDR chunk holds the image's width and height.
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([asset.width, asset.height]);
    }
  });

  it("an unknown asset or format is refused without a 500", async () => {
    const user = await signUp(t.app);
    await buyMarketingTools(user.agent, ["creative-assets"]);
    expect((await user.agent.get("/api/creatives/banner-1x1.png")).status).toBe(404);
    expect((await user.agent.get("/api/creatives/qr-code.gif")).status).toBe(400);
  });
});

describe("the short referral link", () => {
  it("redirects to registration with the code and counts the click with its source and campaign", async () => {
    const user = await signUp(t.app);
    const code = await codeOf(user.user.id);
    const res = await request(t.app).get(`/r/${code}?utm_source=Newsletter&utm_campaign=spring`).expect(302);
    expect(res.headers.location).toMatch(new RegExp(`^/login\\?ref=${code}&click=[0-9a-f-]{36}$`));
    await request(t.app).get(`/r/${code}`).set("Referer", "https://blog.example.org/post").expect(302);
    await request(t.app).get("/r/no-such-code").expect(302);

    await t.deps.referralClicks.flush();
    const clicks = await t.db.execute<{ source: string; utm_campaign: string | null }>(
      sql`select source, utm_campaign from referral_clicks where user_id = ${user.user.id} order by source`,
    );
    expect(clicks.rows).toEqual([
      { source: "blog.example.org", utm_campaign: null },
      { source: "newsletter", utm_campaign: "spring" },
    ]);
  });
});
