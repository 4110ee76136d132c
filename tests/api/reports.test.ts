import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPendingReports, buildReport } from "../../server/jobs/build-report";
import { queueReport } from "../../server/modules/reports/queue-report";
import { REPORTS_PATHS, ZReport, ZReportList } from "../../shared/api/reports";
import { pathTo } from "../../shared/path-to";
import { notifications, reports } from "../../shared/schema";
import { insertDomain } from "../factories/domains";
import { signUp } from "../factories/users";
import { eventually } from "../setup/eventually";
import { startTestJobQueue } from "../setup/job-queue";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const buildDeps = () => ({
  db: t.db,
  mailer: t.deps.mailer,
  logger: t.deps.logger,
  appUrl: "http://app.test",
});

const mailsTo = async (email: string) =>
  (
    await t.db.execute<{ subject: string; body: string }>(
      sql`select subject, body from mail_outbox where "to" = ${email} order by created_at`,
    )
  ).rows;

async function ownerWithQueuedAppraisal() {
  const owner = await signUp(t.app);
  const domain = await insertDomain(t.db, owner.user.id, {
    name: `reports-${owner.user.id.slice(0, 8)}.com`,
  });
  const id = await queueReport(t.db, {
    userId: owner.user.id,
    kind: "appraisal",
    title: `Appraisal of ${domain.name}`,
    domainId: domain.id,
    params: { name: domain.name, tier: "basic" },
  });
  if (!id) throw new Error("no report queued");
  return { owner, domain, id };
}

describe("reports", () => {
  it("a queued report is listed as queued, then built, listed ready with its content, and mailed to its owner", async () => {
    const { owner, domain, id } = await ownerWithQueuedAppraisal();
    const queued = ZReportList.parse((await owner.agent.get(REPORTS_PATHS.list).expect(200)).body);
    expect(queued).toEqual([
      expect.objectContaining({ id, kind: "appraisal", status: "queued", domainId: domain.id }),
    ]);
    expect((await owner.agent.get(pathTo(REPORTS_PATHS.one, { id })).expect(200)).body.content).toBeNull();
    await owner.agent.get(pathTo(REPORTS_PATHS.pdf, { id })).expect(409);

    expect(await buildReport(buildDeps(), id)).toBe("ready");

    const ready = ZReport.parse((await owner.agent.get(pathTo(REPORTS_PATHS.one, { id })).expect(200)).body);
    expect(ready).toMatchObject({ status: "ready", progress: 100, kind: "appraisal" });
    expect(ready.content?.summary).toContain(domain.name);
    const mails = await mailsTo(owner.input.email);
    expect(mails.map((m) => m.subject)).toContain(`Your report is ready: ${ready.title}`);
    expect(mails.find((m) => m.subject.startsWith("Your report"))?.body).toContain(
      `http://app.test/reports/${id}`,
    );
    const [bell] = await t.db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
    expect(bell).toMatchObject({ kind: "report_ready", href: `/reports/${id}` });
  });

  it("a ready report downloads as a PDF", async () => {
    const { owner, id } = await ownerWithQueuedAppraisal();
    await buildReport(buildDeps(), id);
    const res = await owner.agent
      .get(pathTo(REPORTS_PATHS.pdf, { id }))
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = [];
        response.on("data", (c: Buffer) => chunks.push(c));
        response.on("end", () => callback(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect((res.body as Buffer).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("another account's report, a made-up id and a signed-out request are refused", async () => {
    const { id } = await ownerWithQueuedAppraisal();
    await buildReport(buildDeps(), id);
    const stranger = await signUp(t.app);
    expect((await stranger.agent.get(REPORTS_PATHS.list).expect(200)).body).toEqual([]);
    await stranger.agent.get(pathTo(REPORTS_PATHS.one, { id })).expect(404);
    await stranger.agent.get(pathTo(REPORTS_PATHS.pdf, { id })).expect(404);
    await stranger.agent.get(pathTo(REPORTS_PATHS.one, { id: "not-a-uuid" })).expect(404);
    await stranger.agent
      .get(pathTo(REPORTS_PATHS.one, { id: "00000000-0000-4000-8000-000000000000" }))
      .expect(404);
    const { default: request } = await import("supertest");
    await request(t.app).get(REPORTS_PATHS.list).expect(401);
  });

  it("a report is built once: a second build of a ready report changes nothing and mails nothing", async () => {
    const { owner, id } = await ownerWithQueuedAppraisal();
    expect(await buildReport(buildDeps(), id)).toBe("ready");
    expect(await buildReport(buildDeps(), id)).toBe("busy");
    const mails = await mailsTo(owner.input.email);
    expect(mails.filter((m) => m.subject.startsWith("Your report is ready"))).toHaveLength(1);
  });

  it("a build interrupted by a restart is picked up again by the sweep once it has gone quiet", async () => {
    const { owner, id } = await ownerWithQueuedAppraisal();
    // The process that was building it died at 40%.
    const diedAt = new Date(Date.now() - 10 * 60_000);
    await t.db
      .update(reports)
      .set({ status: "building", progress: 40, attempts: 1, updatedAt: diedAt })
      .where(eq(reports.id, id));
    // A build that is still alive is left alone.
    const { id: alive } = await ownerWithQueuedAppraisal();
    await t.db.update(reports).set({ status: "building", attempts: 1 }).where(eq(reports.id, alive));

    await buildPendingReports(buildDeps());

    const [after] = await t.db.select().from(reports).where(eq(reports.id, id));
    expect(after).toMatchObject({ status: "ready", progress: 100, attempts: 2 });
    const [untouched] = await t.db.select().from(reports).where(eq(reports.id, alive));
    expect(untouched.status).toBe("building");
    expect((await owner.agent.get(pathTo(REPORTS_PATHS.one, { id })).expect(200)).body.status).toBe("ready");
  });

  it("the job queue builds a queued report within seconds, and at start picks up one left queued", async () => {
    const left = await ownerWithQueuedAppraisal();
    const queue = await startTestJobQueue(t, { reports: { appUrl: "http://app.test" } });
    try {
      const fresh = await ownerWithQueuedAppraisal();
      const statusOf = async (id: string) =>
        (await t.db.select({ status: reports.status }).from(reports).where(eq(reports.id, id)))[0].status;
      expect(
        await eventually(
          () => statusOf(fresh.id),
          (s) => s === "ready",
        ),
      ).toBe("ready");
      expect(
        await eventually(
          () => statusOf(left.id),
          (s) => s === "ready",
        ),
      ).toBe("ready");
    } finally {
      await queue.stop();
    }
  });
});
