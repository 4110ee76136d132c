import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TEmailAutomation } from "../../shared/api/email-automation";
import { EMAIL_AUTOMATION_PATHS, EMAIL_SEQUENCES_PATH } from "../../shared/api/email-automation";
import { pathTo } from "../../shared/path-to";
import { referralCodeOf } from "../factories/affiliates";
import { buyMarketingTools } from "../factories/billing";
import { runSequenceEmails } from "../factories/email";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeOf = (userId: string) => referralCodeOf(t.db, userId);

const mailTo = async (email: string) =>
  (
    await t.db.execute<{ subject: string; body: string; headers: Record<string, string> | null }>(
      sql`select subject, body, headers from mail_outbox where lower("to") = lower(${email}) and subject like 'Seq:%' order by created_at`,
    )
  ).rows;

const run = (daysAhead: number) => runSequenceEmails(t, daysAhead);

const SEQUENCE = {
  name: "Welcome",
  steps: [
    { day: 3, subject: "Seq: three days in, {{firstName}}", body: "Your link: {{referralLink}}" },
    { day: 0, subject: "Seq: welcome {{firstName}}", body: "Hello {{name}}, {{senderName}} here." },
  ],
};

describe("email automation", () => {
  it("without the Email Automation tool, sequences answer 403", async () => {
    const user = await signUp(t.app);
    await buyMarketingTools(user.agent, ["social-scheduler"]);
    expect((await user.agent.post(EMAIL_SEQUENCES_PATH).send(SEQUENCE)).status).toBe(403);
    expect((await user.agent.get(EMAIL_SEQUENCES_PATH)).status).toBe(403);
  });

  it("sends each step to each recruit on its day with merge fields, once, and one click unsubscribes for good", async () => {
    const sender = await signUp(t.app, { name: "Sam Sender" });
    await buyMarketingTools(sender.agent, ["email-automation"]);
    const ada = await signUp(t.app, { name: "Ada Recruit", referralCode: await codeOf(sender.user.id) });
    const bob = await signUp(t.app, { name: "Bob Recruit", referralCode: await codeOf(sender.user.id) });
    await sender.agent.post(EMAIL_SEQUENCES_PATH).send(SEQUENCE).expect(201);

    expect(await run(0)).toMatchObject({ sent: 2, skipped: 0, bounced: 0 });
    expect(await run(0)).toMatchObject({ sent: 0, skipped: 0, bounced: 0 });
    const [welcome] = await mailTo(ada.input.email);
    expect(welcome.subject).toBe("Seq: welcome Ada");
    expect(welcome.body).toContain("Hello Ada Recruit, Sam Sender here.");
    expect(welcome.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const unsubscribeUrl = /^<(.+)>$/.exec(welcome.headers?.["List-Unsubscribe"] ?? "")?.[1] as string;
    expect(welcome.body).toContain(unsubscribeUrl);

    // Ada unsubscribes with one click (as a mail client does); the page shows a button first.
    const path = new URL(unsubscribeUrl).pathname;
    const pageRes = await request(t.app).get(path).expect(200);
    expect(pageRes.text).toContain("Unsubscribe</button>");
    await request(t.app).post(path).type("form").send("List-Unsubscribe=One-Click").expect(200);
    await request(t.app)
      .post(`${path.slice(0, -4)}xxxx`)
      .expect(404);

    expect(await run(3)).toMatchObject({ sent: 1, skipped: 1, bounced: 0 });
    expect((await mailTo(ada.input.email)).map((m) => m.subject)).toEqual(["Seq: welcome Ada"]);
    const bobs = await mailTo(bob.input.email);
    expect(bobs.map((m) => m.subject)).toEqual(["Seq: welcome Bob", "Seq: three days in, Bob"]);
    expect(bobs[1].body).toContain(`http://app.test/r/${await codeOf(bob.user.id)}`);

    // A new sequence of the same sender never mails Ada either.
    await sender.agent
      .post(EMAIL_SEQUENCES_PATH)
      .send({ name: "Again", steps: [{ day: 0, subject: "Seq: again", body: "Hi" }] })
      .expect(201);
    expect(await run(4)).toMatchObject({ sent: 1, skipped: 1, bounced: 0 });

    const shown = (await sender.agent.get(EMAIL_SEQUENCES_PATH).expect(200)).body as TEmailAutomation;
    expect(shown.unsubscribed.map((u) => u.email)).toEqual([ada.input.email.toLowerCase()]);
    const welcomeSeq = shown.sequences.find((s) => s.name === "Welcome");
    expect(welcomeSeq?.steps.map((s) => [s.day, s.sent, s.skipped])).toEqual([
      [0, 2, 0],
      [3, 1, 1],
    ]);
    expect(welcomeSeq).toMatchObject({ unsubscribes: 1, hardBounces: 0, softBounces: 0 });
    expect(shown.bounces).toEqual([]);
    expect(shown.sentToday).toBeGreaterThanOrEqual(0);
    expect(shown.dailyLimit).toBe(200);
  });

  it("refuses an empty sequence and another user's sequence", async () => {
    const owner = await signUp(t.app);
    await buyMarketingTools(owner.agent, ["email-automation"]);
    expect((await owner.agent.post(EMAIL_SEQUENCES_PATH).send({ name: "x", steps: [] })).status).toBe(400);
    const made = await owner.agent.post(EMAIL_SEQUENCES_PATH).send(SEQUENCE).expect(201);
    const other = await signUp(t.app);
    await other.agent.delete(pathTo(EMAIL_AUTOMATION_PATHS.sequence, { id: made.body.id })).expect(404);
    await owner.agent.delete(pathTo(EMAIL_AUTOMATION_PATHS.sequence, { id: made.body.id })).expect(204);
  });
});
