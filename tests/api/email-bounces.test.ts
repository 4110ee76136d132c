import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bounceSignature } from "../../server/modules/email-automation/bounce-reports";
import type { TEmailAutomation } from "../../shared/api/email-automation";
import { EMAIL_SEQUENCES_PATH } from "../../shared/api/email-automation";
import { WEBHOOK_PATHS } from "../../shared/api/webhooks";
import { OFFERS } from "../../shared/catalog";
import { payInSandbox } from "../factories/billing";
import { runSequenceEmails } from "../factories/email";
import { signUp } from "../factories/users";
import { startSmtpSink } from "../setup/smtp-sink";
import { createTestApp, type TestApp } from "../setup/test-app";

const BOUNCE_SECRET = "bounce-webhook-secret-0123456789";
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_BOUNCE_WEBHOOK_SECRET: BOUNCE_SECRET } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Account = Awaited<ReturnType<typeof signUp>>;

async function senderWithTool() {
  const sender = await signUp(t.app, { name: "Sam Sender" });
  const tools = ["email-automation"];
  const totalPrice = OFFERS.marketingTools.quote({ tools, totalPrice: "0" }).price;
  const res = await sender.agent.post(OFFERS.marketingTools.path).send({ tools, totalPrice });
  expect(res.status).toBe(201);
  await payInSandbox(sender.agent, res.body.orderId);
  return sender;
}

const recruitOf = async (sender: Account, name: string) => {
  const { rows } = await t.db.execute<{ code: string }>(
    sql`select referral_code as code from users where id = ${sender.user.id}`,
  );
  return signUp(t.app, { name, referralCode: rows[0].code });
};

/** The sequence job's run, `daysAhead` days from now. */
const run = (daysAhead = 0) => runSequenceEmails(t, daysAhead);

const shown = async (sender: Account) =>
  (await sender.agent.get(EMAIL_SEQUENCES_PATH).expect(200)).body as TEmailAutomation;

const received = (email: string, subject: string) =>
  smtp.received.filter((m) => m.to.includes(email.toLowerCase()) && m.subject === subject).length;

const SEQUENCE = {
  name: "Welcome",
  steps: [
    { day: 0, subject: "Seq: welcome", body: "Hello {{name}}." },
    { day: 3, subject: "Seq: day three", body: "Your link: {{referralLink}}" },
  ],
};

describe("email bounces", () => {
  it("a 5xx refusal is a hard bounce that stops every sequence of the sender mailing the address; a 4xx is retried, then a soft bounce", async () => {
    const sender = await senderWithTool();
    const gone = await recruitOf(sender, "Gone Away");
    const busy = await recruitOf(sender, "Busy Box");
    const fine = await recruitOf(sender, "Fine Reader");
    const late = await recruitOf(sender, "Late Refusal");
    smtp.refuse(gone.input.email, 550, "rcpt");
    smtp.refuse(busy.input.email, 451, "rcpt");
    smtp.refuse(late.input.email, 554, "data");
    await sender.agent.post(EMAIL_SEQUENCES_PATH).send(SEQUENCE).expect(201);

    expect(await run()).toEqual({ sent: 1, bounced: 2, deferred: 1, "soft-bounced": 0, skipped: 0 });
    expect(received(fine.input.email, "Seq: welcome")).toBe(1);
    expect(received(gone.input.email, "Seq: welcome")).toBe(0);

    // The job's next two runs retry the busy mailbox; the third refusal makes it a soft bounce.
    expect(await run()).toMatchObject({ sent: 0, deferred: 1, "soft-bounced": 0 });
    expect(await run()).toMatchObject({ sent: 0, deferred: 0, "soft-bounced": 1 });
    expect(await run()).toEqual({ sent: 0, bounced: 0, deferred: 0, "soft-bounced": 0, skipped: 0 });

    // Day three: the hard-bounced addresses are skipped; the soft-bounced one is tried again,
    // and delivered once its server accepts.
    expect(await run(3)).toEqual({ sent: 1, bounced: 0, deferred: 1, "soft-bounced": 0, skipped: 2 });
    smtp.accept(busy.input.email);
    expect(await run(3)).toMatchObject({ sent: 1, deferred: 0 });
    expect(received(busy.input.email, "Seq: day three")).toBe(1);

    // A new sequence of the same sender skips them too.
    await sender.agent
      .post(EMAIL_SEQUENCES_PATH)
      .send({ name: "Again", steps: [{ day: 0, subject: "Seq: again", body: "Hi" }] })
      .expect(201);
    expect(await run(4)).toMatchObject({ sent: 2, bounced: 0, skipped: 2 });
    expect(received(gone.input.email, "Seq: again")).toBe(0);

    const view = await shown(sender);
    const welcome = view.sequences.find((s) => s.name === "Welcome");
    expect(welcome).toMatchObject({ hardBounces: 2, softBounces: 1, unsubscribes: 0 });
    expect(welcome?.steps.map((s) => [s.sent, s.skipped, s.bounced, s.pending])).toEqual([
      [1, 0, 3, 0],
      [2, 2, 0, 0],
    ]);
    expect(view.bounces.map((b) => [b.email, b.kind, b.sequence, b.step]).sort()).toEqual(
      [
        [busy.input.email.toLowerCase(), "soft", "Welcome", 0],
        [gone.input.email.toLowerCase(), "hard", "Welcome", 0],
        [late.input.email.toLowerCase(), "hard", "Welcome", 0],
      ].sort(),
    );
    expect(view.bounces.find((b) => b.kind === "hard")?.detail).toMatch(/^55\d/);
    // A bounce is no unsubscribe: the unsubscribe list stays for those who asked.
    expect(view.unsubscribed).toEqual([]);
  });

  it("a sender sees only the bounces of their own mail, and only their own list suppresses the address", async () => {
    const first = await senderWithTool();
    const second = await senderWithTool();
    const shared = await recruitOf(first, "Shared Person");
    smtp.refuse(shared.input.email, 550);
    await first.agent.post(EMAIL_SEQUENCES_PATH).send(SEQUENCE).expect(201);
    await run();
    expect((await shown(first)).bounces).toHaveLength(1);
    expect((await shown(second)).bounces).toEqual([]);
    const { rows } = await t.db.execute(
      sql`select 1 from email_unsubscribes where sender_id = ${second.user.id}`,
    );
    expect(rows).toHaveLength(0);
  });

  it("a signed bounce report that arrives later marks the email bounced and suppresses the address; a bad one changes nothing", async () => {
    const sender = await senderWithTool();
    const later = await recruitOf(sender, "Later Bounce");
    const other = await recruitOf(sender, "Other Reader");
    await sender.agent
      .post(EMAIL_SEQUENCES_PATH)
      .send({ name: "Reports", steps: [{ day: 0, subject: "Seq: report", body: "Hi" }] })
      .expect(201);
    await run();
    const mailIdOf = async (email: string) =>
      (
        await t.db.execute<{ id: string; header: string }>(sql`
          select id::text, headers->>'X-ParkPilot-Mail-Id' as header from mail_outbox
          where lower("to") = lower(${email}) and subject = 'Seq: report'
        `)
      ).rows[0];
    const mail = await mailIdOf(later.input.email);
    expect(mail.header).toBe(mail.id);
    const post = (report: object, secret = BOUNCE_SECRET) => {
      const body = JSON.stringify(report);
      return request(t.app)
        .post(WEBHOOK_PATHS.mailBounces)
        .set("Content-Type", "application/json")
        .set("X-ParkPilot-Signature", bounceSignature(secret, Buffer.from(body)))
        .send(body);
    };
    const report = {
      mailId: mail.id,
      recipient: later.input.email,
      type: "hard",
      detail: "5.1.1 user unknown",
    };

    expect((await post(report, "someone-else-secret-0123456789")).status).toBe(401);
    expect((await post({ ...report, recipient: other.input.email })).status).toBe(404);
    expect((await post({ ...report, type: "lost" })).status).toBe(400);
    expect((await shown(sender)).bounces).toEqual([]);

    const res = await post(report).expect(200);
    expect(res.body).toEqual({ status: "bounced" });
    await post(report).expect(200);
    const view = await shown(sender);
    expect(view.bounces).toMatchObject([
      { email: later.input.email.toLowerCase(), kind: "hard", detail: "5.1.1 user unknown" },
    ]);
    expect(view.sequences.find((q) => q.name === "Reports")).toMatchObject({ hardBounces: 1 });

    // The next sequence skips the address.
    await sender.agent
      .post(EMAIL_SEQUENCES_PATH)
      .send({ name: "Reports 2", steps: [{ day: 0, subject: "Seq: report 2", body: "Hi" }] })
      .expect(201);
    await run(1);
    expect(received(later.input.email, "Seq: report 2")).toBe(0);
    expect(received(other.input.email, "Seq: report 2")).toBe(1);
  });
});
