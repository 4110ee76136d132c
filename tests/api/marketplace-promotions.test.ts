import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendListingsNewsletter } from "../../server/modules/marketplace/listings-newsletter";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { marketplaceDealPaths } from "../../shared/api/marketplace/deals";
import { OFFERS } from "../../shared/catalog";
import { pathTo } from "../../shared/path-to";
import { mailOutbox, workOrders } from "../../shared/schema";
import { insertDomain } from "../factories/domains";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEWSLETTER = "Domains for sale this week on ParkPilot";
const mailTo = (email: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, NEWSLETTER)));
const send = (now = new Date()) =>
  sendListingsNewsletter({
    db: t.db,
    mailer: t.deps.mailer,
    appUrl: t.deps.config.appUrl,
    secret: t.deps.config.sessionSecret,
    now,
  });

async function promote(promotionType: string) {
  const seller = await signUp(t.app);
  const domain = await insertDomain(t.db, seller.user.id, {
    marketplacePrice: "2500.00",
    listedAt: new Date(),
  });
  const order = await seller.agent.post(OFFERS.promotion.path).send({
    domainId: domain.id,
    promotionType,
    duration: 30,
    price: { social: "99.99", newsletter: "149.99" }[promotionType],
  });
  expect(order.status).toBe(201);
  expect(
    (await seller.agent.post(pathTo(CHECKOUT_PATHS.sandboxPay, { id: order.body.orderId }))).status,
  ).toBe(303);
  return { seller, domain, orderId: order.body.orderId as string };
}

describe("newsletter promotion", () => {
  it("emails the promoted listing weekly to buyers who opted in, once a week, and one click unsubscribes", async () => {
    const { domain } = await promote("newsletter");
    const reader = await signUp(t.app);
    const other = await signUp(t.app);
    const before = (await reader.agent.get(marketplaceDealPaths.newsletter)).body;
    expect(before).toEqual({ subscribed: false, audience: expect.any(Number) });
    // The seller sees the audience a Newsletter promotion reaches grow with each buyer who opts in.
    expect((await reader.agent.put(marketplaceDealPaths.newsletter).send({ subscribed: true })).body).toEqual(
      {
        subscribed: true,
        audience: before.audience + 1,
      },
    );
    expect((await reader.agent.put(marketplaceDealPaths.newsletter).send({ subscribed: "yes" })).status).toBe(
      400,
    );

    const monday = new Date("2030-01-07T14:00:00Z");
    const first = await send(monday);
    expect(first.sent).toBeGreaterThanOrEqual(1);
    const [mail] = await mailTo(reader.input.email);
    expect(mail.body).toContain(`${t.deps.config.appUrl}/listings/${domain.name}`);
    expect(await mailTo(other.input.email)).toEqual([]);
    // The same week again sends nothing more; the next week sends again.
    await send(new Date("2030-01-10T09:00:00Z"));
    expect(await mailTo(reader.input.email)).toHaveLength(1);
    await send(new Date("2030-01-14T14:00:00Z"));
    expect(await mailTo(reader.input.email)).toHaveLength(2);

    const link = /Unsubscribe with one click: (\S+)/.exec(mail.body)?.[1] ?? "";
    const path = new URL(link).pathname + new URL(link).search;
    const forged = await request(t.app).get(path.replace(/t=[^&]+/, "t=forged"));
    expect(forged.status).toBe(400);
    expect((await reader.agent.get(marketplaceDealPaths.newsletter)).body).toMatchObject({
      subscribed: true,
    });
    const clicked = await request(t.app).get(path);
    expect(clicked.status).toBe(200);
    expect(clicked.text).toContain("You are unsubscribed");
    expect((await reader.agent.get(marketplaceDealPaths.newsletter)).body).toMatchObject({
      subscribed: false,
    });
    await send(new Date("2030-01-21T14:00:00Z"));
    expect(await mailTo(reader.input.email)).toHaveLength(2);
  });
});

describe("social promotion", () => {
  it("opens a work order for staff with the post's text and a share image of the listing", async () => {
    const { domain, orderId } = await promote("social");
    const [work] = await t.db.select().from(workOrders).where(eq(workOrders.orderId, orderId));
    expect(work.title).toBe(`Publish the social promotion of ${domain.name}`);
    expect(work.description).toContain(`${domain.name} is for sale at $2500.00`);
    expect(work.description).toContain(`/listings/${domain.name}/share.svg`);

    const image = await request(t.app).get(`/listings/${domain.name}/share.svg`);
    expect(image.status).toBe(200);
    expect(image.type).toBe("image/svg+xml");
    expect(image.body.toString()).toContain(domain.name);
    expect((await request(t.app).get("/listings/not-listed.example/share.svg")).status).toBe(404);
  });
});
