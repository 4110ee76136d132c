import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moveBillingClock } from "../../server/db/billing-clock";
import { lessonsOf } from "../../server/modules/courses/course-content";
import { readingSeconds } from "../../server/modules/courses/courses.service";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import {
  COURSES_PATH,
  certificatePagePath,
  certificatePath,
  lessonCompletePath,
  lessonPath,
  type TCourse,
} from "../../shared/api/courses";
import { OFFERS } from "../../shared/catalog";
import { TRAINING_COURSES } from "../../shared/prices";
import { courseCertificates } from "../../shared/schema";
import { payInSandbox } from "../factories/billing";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function buyCourse(agent: Awaited<ReturnType<typeof signUp>>["agent"], courseId: string) {
  const price = TRAINING_COURSES.find((c) => c.id === courseId)?.price;
  const res = await agent.post(OFFERS.trainingCourse.path).send({ courseId, price });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await payInSandbox(agent, res.body.orderId);
}

const lessonMarkdown = (courseId: string, lessonId: string) =>
  lessonsOf(courseId as never).find((l) => l.id === lessonId)?.markdown ?? "";

const courses = async (agent: Awaited<ReturnType<typeof signUp>>["agent"]) =>
  (await agent.get(COURSES_PATH).expect(200)).body as TCourse[];

describe("training courses", () => {
  it("lists the five courses, each with at least five lessons, none owned before buying", async () => {
    const user = await signUp(t.app);
    const list = await courses(user.agent);
    expect(list.map((c) => c.id)).toEqual(TRAINING_COURSES.map((c) => c.id));
    for (const course of list) {
      expect(course.owned).toBe(false);
      expect(course.totalLessons).toBeGreaterThanOrEqual(5);
      expect(course.completedLessons).toBe(0);
    }
  });

  it("a lesson of a course not bought answers 403 and marking it read changes nothing", async () => {
    const user = await signUp(t.app);
    const [course] = await courses(user.agent);
    const lesson = course.lessons[0].id;
    const res = await user.agent.get(lessonPath(course.id, lesson));
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/buy the course/);
    expect(res.body.markdown).toBeUndefined();
    await user.agent.post(lessonCompletePath(course.id, lesson)).expect(403);
    expect((await courses(user.agent))[0].completedLessons).toBe(0);
    await user.agent.get(certificatePath(course.id)).expect(403);
  });

  it("buying a course unlocks its lessons only, and reading every lesson earns the certificate", async () => {
    const user = await signUp(t.app, { name: "Ada Lovelace" });
    await buyCourse(user.agent, "email-marketing");
    const list = await courses(user.agent);
    const course = list.find((c) => c.id === "email-marketing") as TCourse;
    expect(course.owned).toBe(true);
    expect(list.filter((c) => c.owned).map((c) => c.id)).toEqual(["email-marketing"]);
    await user.agent.get(lessonPath("affiliate-mastery", "how-the-programme-pays")).expect(403);

    const first = await user.agent.get(lessonPath(course.id, course.lessons[0].id)).expect(200);
    expect(first.body.title).toBe(course.lessons[0].title);
    expect(first.body.markdown.length).toBeGreaterThan(800);
    expect(first.body.previousId).toBeNull();
    expect(first.body.nextId).toBe(course.lessons[1].id);

    await user.agent.get(certificatePath(course.id)).expect(409);
    // The fourth round marked every lesson read in 31 ms: a lesson counts only its reading time
    // after it was opened, and one never opened not at all.
    const unopened = await user.agent.post(lessonCompletePath(course.id, course.lessons[1].id)).expect(409);
    expect(unopened.body.message).toMatch(/^Read the lesson first: it takes about \d+ minutes/);
    expect((await user.agent.post(lessonCompletePath(course.id, course.lessons[0].id))).status).toBe(409);
    for (const lesson of course.lessons) await user.agent.get(lessonPath(course.id, lesson.id)).expect(200);
    const longest = Math.max(
      ...course.lessons.map((l) => readingSeconds(lessonMarkdown(course.id, l.id), 238)),
    );
    expect(longest).toBeGreaterThan(60);
    await moveBillingClock(t.db, longest);
    let after: TCourse | undefined;
    for (const lesson of course.lessons) {
      after = (await user.agent.post(lessonCompletePath(course.id, lesson.id)).expect(200)).body;
    }
    // Marking a lesson read twice counts it once.
    await user.agent.post(lessonCompletePath(course.id, course.lessons[0].id)).expect(200);
    expect(after?.completedLessons).toBe(course.totalLessons);
    const saved = (await courses(user.agent)).find((c) => c.id === course.id) as TCourse;
    expect(saved.completedLessons).toBe(course.totalLessons);
    expect(saved.completedAt).not.toBeNull();

    const pdf = await user.agent.get(certificatePath(course.id)).buffer(true).expect(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.body.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // The fourth round's forgery: a name typed after the fact, and a number nothing checks.
    const [issued] = await t.db
      .select()
      .from(courseCertificates)
      .where(eq(courseCertificates.userId, user.user.id));
    expect(issued).toMatchObject({ courseId: course.id, name: "Ada Lovelace" });
    expect(issued.number).toMatch(/^[0-9A-F]{4}(-[0-9A-F]{4}){3}$/);
    await user.agent
      .put(AUTH_PATHS.profile)
      .send({ name: "Somebody Famous", username: user.input.username, email: user.input.email })
      .expect(200);
    await user.agent.get(certificatePath(course.id)).buffer(true).expect(200);
    const again = await t.db
      .select()
      .from(courseCertificates)
      .where(eq(courseCertificates.userId, user.user.id));
    expect(again).toEqual([issued]);
    const verified = await request(t.app).get(certificatePagePath(issued.number)).expect(200);
    expect(verified.text).toContain("Ada Lovelace");
    expect(verified.text).toContain(course.label);
    expect(verified.text).not.toContain("Somebody Famous");
    await request(t.app).get(certificatePagePath("0000-0000-0000-0000")).expect(404);
    await request(t.app).get(certificatePagePath("<script>")).expect(404);
  });

  it("an unknown course or lesson is refused without a 500", async () => {
    const user = await signUp(t.app);
    await buyCourse(user.agent, "affiliate-mastery");
    await user.agent.get(lessonPath("nope", "x")).expect(400);
    await user.agent.get(lessonPath("affiliate-mastery", "no-such-lesson")).expect(404);
    await user.agent.get(lessonPath("affiliate-mastery", "../../etc")).expect(400);
  });

  it("signed out, courses answer 401", async () => {
    const { default: request } = await import("supertest");
    await request(t.app).get(COURSES_PATH).expect(401);
  });
});
