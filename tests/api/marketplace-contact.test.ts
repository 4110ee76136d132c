import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACTS_PER_HOUR } from "../../server/deps";
import { marketplacePaths } from "../../shared/api/marketplace/listings";
import { pathTo } from "../../shared/path-to";
import { mailOutbox, marketplaceMessages } from "../../shared/schema";
import { insertDomain } from "../factories/domains";
import { otherMailTo } from "../factories/email";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const listedDomain = (userId: string) =>
  insertDomain(t.db, userId, { marketplacePrice: "4000.00", listedAt: new Date() });
const messagesAbout = async (domainId: string) =>
  t.db.select().from(marketplaceMessages).where(eq(marketplaceMessages.domainId, domainId));
const mailTo = async (email: string) => t.db.select().from(mailOutbox).where(otherMailTo(email));

describe("POST /api/marketplace/contact", () => {
  it("stores the trimmed message in the seller's inbox and mails the seller with the buyer's address", async () => {
    const seller = await signUp(t.app);
    const buyer = await signUp(t.app);
    const domain = await listedDomain(seller.user.id);

    const res = await buyer.agent
      .post(marketplacePaths.contact)
      .send({ domainId: domain.id, message: "  Would you take $3,500?  " });

    expect(res.status).toBe(201);
    const [stored] = await messagesAbout(domain.id);
    expect(stored).toMatchObject({
      id: res.body.id,
      sellerId: seller.user.id,
      senderId: buyer.user.id,
      senderEmail: buyer.input.email,
      message: "Would you take $3,500?",
      readAt: null,
    });
    const [mail] = await mailTo(seller.input.email);
    expect(mail.subject).toBe(`New inquiry about ${domain.name}`);
    expect(mail.body).toContain("Would you take $3,500?");
    expect(mail.body).toContain(buyer.input.email);
  });

  it.each([
    ["an empty message", ""],
    ["a message of spaces", "   \n\t "],
    ["a message over 2,000 characters", "x".repeat(2001)],
    ["no message", undefined],
  ])("refuses %s with 400 and stores and mails nothing", async (_label, message) => {
    const seller = await signUp(t.app);
    const buyer = await signUp(t.app);
    const domain = await listedDomain(seller.user.id);

    const res = await buyer.agent.post(marketplacePaths.contact).send({ domainId: domain.id, message });

    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Invalid input/);
    expect(await messagesAbout(domain.id)).toEqual([]);
    expect(await mailTo(seller.input.email)).toEqual([]);
  });

  it("accepts a message of exactly 2,000 characters", async () => {
    const seller = await signUp(t.app);
    const buyer = await signUp(t.app);
    const domain = await listedDomain(seller.user.id);
    const res = await buyer.agent
      .post(marketplacePaths.contact)
      .send({ domainId: domain.id, message: "y".repeat(2000) });
    expect(res.status).toBe(201);
  });

  it("refuses a message to the sender's own listing with 400 and stores nothing", async () => {
    const seller = await signUp(t.app);
    const domain = await listedDomain(seller.user.id);

    const res = await seller.agent
      .post(marketplacePaths.contact)
      .send({ domainId: domain.id, message: "Hello me" });

    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/your own listing/);
    expect(await messagesAbout(domain.id)).toEqual([]);
  });

  it("answers 404 for a domain that is not listed, and stores nothing", async () => {
    const seller = await signUp(t.app);
    const buyer = await signUp(t.app);
    const domain = await insertDomain(t.db, seller.user.id);

    const res = await buyer.agent
      .post(marketplacePaths.contact)
      .send({ domainId: domain.id, message: "Selling?" });

    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/not found/i);
    expect(await messagesAbout(domain.id)).toEqual([]);
  });

  it("refuses a signed-out visitor with 401", async () => {
    const seller = await signUp(t.app);
    const domain = await listedDomain(seller.user.id);
    const res = await request(t.app)
      .post(marketplacePaths.contact)
      .send({ domainId: domain.id, message: "Hi" });
    expect(res.status).toBe(401);
    expect(await messagesAbout(domain.id)).toEqual([]);
  });

  it("refuses a sender past the hourly allowance with 429, while other senders still get through", async () => {
    const seller = await signUp(t.app);
    const eager = await signUp(t.app);
    const other = await signUp(t.app);
    const domain = await listedDomain(seller.user.id);
    for (let i = 0; i < CONTACTS_PER_HOUR; i++) {
      await eager.agent
        .post(marketplacePaths.contact)
        .send({ domainId: domain.id, message: `Offer ${i}` })
        .expect(201);
    }

    const refused = await eager.agent
      .post(marketplacePaths.contact)
      .send({ domainId: domain.id, message: "One more" });
    const fromOther = await other.agent
      .post(marketplacePaths.contact)
      .send({ domainId: domain.id, message: "Hi" });

    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/too many messages/i);
    expect(fromOther.status).toBe(201);
    const stored = await messagesAbout(domain.id);
    expect(stored.filter((m) => m.senderId === eager.user.id)).toHaveLength(CONTACTS_PER_HOUR);
  });
});

describe("the seller inbox", () => {
  it("shows the seller the messages newest first with the sender's email and the unread count; nobody else sees them", async () => {
    const seller = await signUp(t.app);
    const buyer = await signUp(t.app);
    const stranger = await signUp(t.app);
    const domain = await listedDomain(seller.user.id);
    await buyer.agent
      .post(marketplacePaths.contact)
      .send({ domainId: domain.id, message: "First" })
      .expect(201);
    await buyer.agent
      .post(marketplacePaths.contact)
      .send({ domainId: domain.id, message: "Second" })
      .expect(201);

    const inbox = await seller.agent.get(marketplacePaths.messages);
    const buyerView = await buyer.agent.get(marketplacePaths.messages);
    const strangerView = await stranger.agent.get(marketplacePaths.messages);

    expect(inbox.status).toBe(200);
    expect(inbox.body.unreadCount).toBe(2);
    expect(inbox.body.messages.map((m: { message: string }) => m.message)).toEqual(["Second", "First"]);
    expect(inbox.body.messages[0]).toMatchObject({
      domainId: domain.id,
      domainName: domain.name,
      senderEmail: buyer.input.email,
      readAt: null,
    });
    expect(buyerView.body).toEqual({ messages: [], unreadCount: 0 });
    expect(strangerView.body).toEqual({ messages: [], unreadCount: 0 });
    const market = await stranger.agent.get(marketplacePaths.domains);
    expect(JSON.stringify(market.body)).not.toContain(buyer.input.email);
  });

  it("marks a message read for the seller, lowering the unread count, and answers 404 to anyone else", async () => {
    const seller = await signUp(t.app);
    const buyer = await signUp(t.app);
    const domain = await listedDomain(seller.user.id);
    const sent = await buyer.agent
      .post(marketplacePaths.contact)
      .send({ domainId: domain.id, message: "Still for sale?" });

    const byBuyer = await buyer.agent.post(pathTo(marketplacePaths.readMessage, { id: sent.body.id }));
    expect(byBuyer.status).toBe(404);
    expect((await messagesAbout(domain.id))[0].readAt).toBeNull();

    const bySeller = await seller.agent.post(pathTo(marketplacePaths.readMessage, { id: sent.body.id }));
    expect(bySeller.status).toBe(204);
    const inbox = await seller.agent.get(marketplacePaths.messages);
    expect(inbox.body.unreadCount).toBe(0);
    expect(inbox.body.messages[0].readAt).toEqual(expect.any(String));

    const firstRead = (await messagesAbout(domain.id))[0].readAt;
    await seller.agent.post(pathTo(marketplacePaths.readMessage, { id: sent.body.id })).expect(204);
    expect((await messagesAbout(domain.id))[0].readAt).toEqual(firstRead);
  });

  it("refuses a message id that is not a uuid with 400", async () => {
    const seller = await signUp(t.app);
    const res = await seller.agent.post("/api/marketplace/messages/abc/read");
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTruthy();
    const count = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from marketplace_messages where read_at is not null and seller_id = ${seller.user.id}`,
    );
    expect(count.rows[0].n).toBe(0);
  });
});
