import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clickRecorder } from "../../server/modules/affiliates/click-recorder";
import { paidContext } from "../../server/order-effects/order-effects";
import { fulfilOrder } from "../../server/payments/fulfil-order";
import type { TLinkAnalytics } from "../../shared/api/affiliates";
import { LINK_ANALYTICS_PATH } from "../../shared/api/affiliates";
import { OFFERS } from "../../shared/catalog";
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

/** Follows the short link as a visitor would; answers the click id the redirect carries. */
async function click(path: string, referer?: string): Promise<string> {
  const req = request(t.app).get(path);
  if (referer) req.set("Referer", referer);
  const res = await req.expect(302);
  return new URL(res.headers.location, "http://app.test").searchParams.get("click") as string;
}

const clicksRecorded = async (userId: string) =>
  Number(
    (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from referral_clicks where user_id = ${userId}`,
      )
    ).rows[0].n,
  );

const clickRow = async (id: string) =>
  (
    await t.db.execute<{
      user_id: string;
      source: string;
      utm_campaign: string | null;
      registered_user_id: string | null;
    }>(
      sql`select user_id, source, utm_campaign, registered_user_id from referral_clicks where id = ${id}::uuid`,
    )
  ).rows[0];

describe("link analytics", () => {
  it("without Analytics Pro the figures answer 403", async () => {
    const user = await signUp(t.app);
    await buyMarketingTools(user.agent, ["creative-assets"]);
    const res = await user.agent.get(LINK_ANALYTICS_PATH);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/Analytics Pro/);
  });

  it("counts clicks by day, source and campaign, and credits registrations, payments and commission to their link", async () => {
    const affiliate = await signUp(t.app);
    await buyMarketingTools(affiliate.agent, ["analytics-pro"]);
    const code = await codeOf(affiliate.user.id);

    const spring = await click(`/r/${code}?utm_source=newsletter&utm_campaign=spring`);
    await click(`/r/${code}?utm_source=newsletter&utm_campaign=spring`);
    await click(`/r/${code}`, "https://blog.example.org/a-post");
    await t.deps.referralClicks.flush();
    expect(await clicksRecorded(affiliate.user.id)).toBe(3);

    // The visitor of the first click registers and pays $197 by card: 5% commission, $9.85.
    const recruit = await signUp(t.app, { referralCode: code, referralClick: spring });
    const order = await recruit.agent
      .post(OFFERS.trainingCourse.path)
      .send({ courseId: "social-media-mastery", price: "197.00" });
    await t.db.transaction((tx) =>
      fulfilOrder(
        tx,
        t.deps.mailer,
        {
          orderId: order.body.orderId,
          provider: "stripe",
          providerPaymentId: `pi_${randomUUID()}`,
          amountPaid: "197.00",
        },
        paidContext(30),
      ),
    );
    // A click id cannot be credited twice, nor to another code.
    await signUp(t.app, { referralCode: code, referralClick: spring });

    const stats = (await affiliate.agent.get(`${LINK_ANALYTICS_PATH}?days=7`).expect(200))
      .body as TLinkAnalytics;
    expect(stats.totals).toEqual({ clicks: 3, registrations: 1, paidReferrals: 1, commission: "9.85" });
    expect(stats.byDay).toHaveLength(7);
    expect(stats.byDay.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), clicks: 3 });
    expect(stats.bySource).toEqual([
      { source: "newsletter", clicks: 2, registrations: 1, paidReferrals: 1, commission: "9.85" },
      { source: "blog.example.org", clicks: 1, registrations: 0, paidReferrals: 0, commission: "0.00" },
    ]);
    expect(stats.byCampaign.map((c) => [c.campaign, c.clicks])).toEqual([
      ["spring", 2],
      ["(none)", 1],
    ]);
    expect(stats.links).toContainEqual({
      source: "newsletter",
      campaign: "spring",
      clicks: 2,
      registrations: 1,
      paidReferrals: 1,
      commission: "9.85",
    });

    // Someone else's figures are their own.
    const other = await signUp(t.app);
    await buyMarketingTools(other.agent, ["analytics-pro"]);
    const theirs = (await other.agent.get(LINK_ANALYTICS_PATH).expect(200)).body as TLinkAnalytics;
    expect(theirs.totals.clicks).toBe(0);
  });

  it("a click is recorded in a batch after the redirect, and credited with a registration that came before its batch", async () => {
    const affiliate = await signUp(t.app);
    await buyMarketingTools(affiliate.agent, ["analytics-pro"]);
    const code = await codeOf(affiliate.user.id);
    // Batches held for a minute, so that the registration surely comes first.
    const usual = t.deps.referralClicks;
    const held = clickRecorder({ pool: t.database.pool, logger: t.deps.logger, flushAfterMs: 60_000 });
    t.deps.referralClicks = held;
    try {
      const id = await click(`/r/${code}?utm_source=youtube&utm_campaign=autumn`);
      expect(await clickRow(id)).toBeUndefined();

      const recruit = await signUp(t.app, { referralCode: code, referralClick: id });
      const [recruitRow] = (
        await t.db.execute<{ referred_by: string }>(
          sql`select referred_by from users where id = ${recruit.user.id}`,
        )
      ).rows;
      expect(recruitRow.referred_by).toBe(affiliate.user.id);
      expect(await clickRow(id)).toMatchObject({ registered_user_id: recruit.user.id });

      // The batch fills in where the click came from: still one click, still credited.
      await held.flush();
      expect(await clickRow(id)).toEqual({
        user_id: affiliate.user.id,
        source: "youtube",
        utm_campaign: "autumn",
        registered_user_id: recruit.user.id,
      });
      const stats = (await affiliate.agent.get(`${LINK_ANALYTICS_PATH}?days=7`).expect(200))
        .body as TLinkAnalytics;
      expect(stats.totals).toEqual({ clicks: 1, registrations: 1, paidReferrals: 0, commission: "0.00" });
    } finally {
      await held.close();
      t.deps.referralClicks = usual;
    }
  });

  it("a click no batch could store (a NUL in its code or its tags) still redirects, and costs the other clicks of its batch nothing", async () => {
    const affiliate = await signUp(t.app);
    const code = await codeOf(affiliate.user.id);
    const before = await clicksRecorded(affiliate.user.id);
    // What cannot be a code leads to registration without it.
    for (const path of ["/r/%00", `/r/a%00${code}`]) {
      const res = await request(t.app).get(path).expect(302);
      expect(res.headers.location).toBe("/login");
    }
    const tagged = await click(`/r/${code}?utm_source=news%00letter&utm_campaign=%00`);
    const plain = await click(`/r/${code}`);
    await t.deps.referralClicks.flush();
    expect(await clicksRecorded(affiliate.user.id)).toBe(before + 2);
    expect(await clickRow(tagged)).toMatchObject({ source: "newsletter", utm_campaign: null });
    expect(await clickRow(plain)).toMatchObject({ source: "direct" });
  });

  it("refuses a range it does not offer", async () => {
    const user = await signUp(t.app);
    await buyMarketingTools(user.agent, ["analytics-pro"]);
    expect((await user.agent.get(`${LINK_ANALYTICS_PATH}?days=3650`)).status).toBe(400);
  });
});
