import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendExpiryWarnings } from "../../server/jobs/expiry-warnings";
import { NOTIFICATION_SETTINGS_PATH } from "../../shared/api/settings";
import { domains, mailOutbox } from "../../shared/schema";
import { insertDomain } from "../factories/domains";
import { otherMailTo } from "../factories/email";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

const DAY_MS = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const mailsTo = (email: string) => t.db.select().from(mailOutbox).where(otherMailTo(email));
const run = (now: Date) => sendExpiryWarnings({ db: t.db, mailer: t.deps.mailer, now });
/** Each test runs in its own stretch of time, far from the others, so their domains never mix. */
const epoch = (year: number) => new Date(`${year}-03-10T13:00:00Z`);
const daysAfter = (from: Date, days: number, hours = 0) =>
  new Date(from.getTime() + days * DAY_MS + hours * 3_600_000);

describe("sendExpiryWarnings", () => {
  it("mails an owner once about domains 30, 7 and 1 days from expiry, and not about the others", async () => {
    const now = epoch(2031);
    const { user, input } = await signUp(t.app, { timeZone: "UTC" });
    await insertDomain(t.db, user.id, { name: "thirty-days.com", expiryDate: daysAfter(now, 30, 2) });
    await insertDomain(t.db, user.id, { name: "seven-days.com", expiryDate: daysAfter(now, 7, 2) });
    await insertDomain(t.db, user.id, { name: "one-day.com", expiryDate: daysAfter(now, 1, 2) });
    await insertDomain(t.db, user.id, { name: "far-away.com", expiryDate: daysAfter(now, 45) });
    await insertDomain(t.db, user.id, { name: "long-gone.com", expiryDate: daysAfter(now, -10) });
    await insertDomain(t.db, user.id, { name: "no-date.com" });

    const first = await run(now);

    expect(first).toEqual({ mails: 1, notices: 3 });
    const [mail] = await mailsTo(input.email);
    expect(mail.subject).toBe("Domain expiry warning: 3 of your domains expire soon");
    expect(mail.body).toContain("one-day.com expires tomorrow");
    expect(mail.body).toContain("seven-days.com expires in 7 days");
    expect(mail.body).toContain("thirty-days.com expires in 30 days");
    expect(mail.body).not.toContain("far-away.com");
    expect(mail.body).not.toContain("long-gone.com");

    expect(await run(now)).toEqual({ mails: 0, notices: 0 });
    expect(await run(daysAfter(now, 0, 5))).toEqual({ mails: 0, notices: 0 });
    expect(await mailsTo(input.email)).toHaveLength(1);
  });

  it("warns again at each lower threshold, once each", async () => {
    const now = epoch(2032);
    const { user, input } = await signUp(t.app, { timeZone: "UTC" });
    await insertDomain(t.db, user.id, { name: "countdown.com", expiryDate: daysAfter(now, 30, 2) });

    const sent: number[] = [];
    for (let day = 0; day <= 31; day++) sent.push((await run(daysAfter(now, day))).mails);

    // Day 0: 30 days left; day 23: 7 days left; day 29: 1 day left. Nothing once it has expired.
    expect(sent.flatMap((mails, day) => (mails > 0 ? [day] : []))).toEqual([0, 23, 29]);
    const subjects = (await mailsTo(input.email)).map((m) => m.subject).sort();
    expect(subjects).toEqual([
      "Domain expiry warning: countdown.com expires in 30 days",
      "Domain expiry warning: countdown.com expires in 7 days",
      "Domain expiry warning: countdown.com expires tomorrow",
    ]);
  });

  it("warns about a domain found late at the threshold it is in, without the ones it passed", async () => {
    const now = epoch(2033);
    const { user, input } = await signUp(t.app, { timeZone: "UTC" });
    await insertDomain(t.db, user.id, { name: "found-late.com", expiryDate: daysAfter(now, 5, 2) });

    expect(await run(now)).toEqual({ mails: 1, notices: 1 });
    expect(await run(daysAfter(now, 1))).toEqual({ mails: 0, notices: 0 });
    const [mail] = await mailsTo(input.email);
    expect(mail.subject).toBe("Domain expiry warning: found-late.com expires in 5 days");
  });

  it("sends nothing to an owner who switched Domain Expiry Warnings off", async () => {
    const now = epoch(2034);
    const { user, input, agent } = await signUp(t.app, { timeZone: "UTC" });
    await agent
      .put(NOTIFICATION_SETTINGS_PATH)
      .send({ revenueAlerts: true, expiryWarnings: false, affiliateUpdates: false })
      .expect(200);
    await insertDomain(t.db, user.id, { name: "quiet-owner.com", expiryDate: daysAfter(now, 7, 2) });

    expect(await run(now)).toEqual({ mails: 0, notices: 0 });
    expect(await mailsTo(input.email)).toHaveLength(0);
  });

  it("counts days in the owner's time zone", async () => {
    // 13:00 UTC on Mar 10 is 02:00 on Mar 11 in Auckland (UTC+13): a domain expiring at 01:00
    // UTC on Mar 18 (14:00 on Mar 18 there) is 7 days away there, though 7.5 days away in UTC.
    const now = epoch(2035);
    const { user, input } = await signUp(t.app, { timeZone: "Pacific/Auckland" });
    await insertDomain(t.db, user.id, { name: "kiwi.com", expiryDate: new Date("2035-03-18T01:00:00Z") });

    await run(now);

    const [mail] = await mailsTo(input.email);
    expect(mail.subject).toBe("Domain expiry warning: kiwi.com expires in 7 days");
  });

  it("warns again after the domain is renewed for another term", async () => {
    const now = epoch(2036);
    const { user, input } = await signUp(t.app, { timeZone: "UTC" });
    const domain = await insertDomain(t.db, user.id, {
      name: "renewed.com",
      expiryDate: daysAfter(now, 7, 2),
    });
    await run(now);

    const renewedExpiry = daysAfter(now, 7 + 365, 2);
    await t.db.update(domains).set({ expiryDate: renewedExpiry }).where(eq(domains.id, domain.id));

    expect(await run(daysAfter(now, 365))).toEqual({ mails: 1, notices: 1 });
    expect(await mailsTo(input.email)).toHaveLength(2);
  });

  it("sends once when two runs race", async () => {
    const now = epoch(2037);
    const { user, input } = await signUp(t.app, { timeZone: "UTC" });
    await insertDomain(t.db, user.id, { name: "raced.com", expiryDate: daysAfter(now, 1, 2) });

    const results = await Promise.all([run(now), run(now), run(now)]);

    expect(results.reduce((sum, r) => sum + r.mails, 0)).toBe(1);
    expect(await mailsTo(input.email)).toHaveLength(1);
    const [{ n }] = (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from expiry_notices n join domains d on d.id = n.domain_id
            where d.user_id = ${user.id}`,
      )
    ).rows;
    expect(n).toBe(1);
  });

  it("does not warn about a domain that was sold", async () => {
    const now = epoch(2038);
    const { user, input } = await signUp(t.app, { timeZone: "UTC" });
    await insertDomain(t.db, user.id, { name: "sold.com", expiryDate: daysAfter(now, 7, 2), soldAt: now });

    expect(await run(now)).toEqual({ mails: 0, notices: 0 });
    expect(await mailsTo(input.email)).toHaveLength(0);
  });
});
