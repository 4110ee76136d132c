import { and, eq } from "drizzle-orm";
import { courseFeature, type TCourse, type TCourseId, type TLesson } from "../../../shared/api/courses";
import { optionById, TRAINING_COURSES } from "../../../shared/prices";
import { courseLessonOpens, courseProgress } from "../../../shared/schema";
import { billingNow } from "../../db/billing-clock";
import type { DbOrTx } from "../../db/tx";
import { AppError, notFound } from "../../http/app-error";
import { entitlementsOf, isEntitled } from "../entitlements/entitlements.service";
import { lessonsOf } from "./course-content";

type Options = { db: DbOrTx; userId: string };

async function progressOf(db: DbOrTx, userId: string, courseId?: TCourseId) {
  const rows = await db
    .select()
    .from(courseProgress)
    .where(
      courseId
        ? and(eq(courseProgress.userId, userId), eq(courseProgress.courseId, courseId))
        : eq(courseProgress.userId, userId),
    );
  return rows;
}

function summary(courseId: TCourseId, owned: boolean, done: Map<string, Date>): TCourse {
  const course = optionById(TRAINING_COURSES, courseId);
  const lessons = lessonsOf(courseId).map((l) => ({ id: l.id, title: l.title, completed: done.has(l.id) }));
  const completedLessons = lessons.filter((l) => l.completed).length;
  const finished = completedLessons === lessons.length && lessons.length > 0;
  const last = finished ? Math.max(...lessons.map((l) => done.get(l.id)?.getTime() ?? 0)) : null;
  return {
    id: course.id,
    label: course.label,
    price: course.price,
    owned,
    lessons,
    completedLessons,
    totalLessons: lessons.length,
    completedAt: last === null ? null : new Date(last).toISOString(),
  };
}

/** Every course with whether the user bought it and how far they read. */
export async function listCourses({ db, userId }: Options): Promise<TCourse[]> {
  const features = new Set((await entitlementsOf({ db, userId })).map((e) => e.feature));
  const progress = await progressOf(db, userId);
  return TRAINING_COURSES.map((c) => {
    const done = new Map(progress.filter((p) => p.courseId === c.id).map((p) => [p.lessonId, p.completedAt]));
    return summary(c.id, features.has(courseFeature(c.id)), done);
  });
}

/** 403 unless the user bought the course (the lesson list is public, the lessons are not). */
export async function assertOwnsCourse(db: DbOrTx, userId: string, courseId: TCourseId): Promise<void> {
  if (!(await isEntitled({ db, userId, feature: courseFeature(courseId) }))) {
    const label = optionById(TRAINING_COURSES, courseId).label;
    throw new AppError(
      "FORBIDDEN",
      `The lessons of ${label} open once you buy the course (Expert Training).`,
    );
  }
}

function findLesson(courseId: TCourseId, lessonId: string) {
  const lessons = lessonsOf(courseId);
  const index = lessons.findIndex((l) => l.id === lessonId);
  if (index < 0) throw notFound("Lesson");
  return { lessons, index };
}

/** A lesson's reading time in seconds: its words at `wordsPerMinute`. */
export const readingSeconds = (markdown: string, wordsPerMinute: number) =>
  Math.round(((markdown.match(/\S+/g)?.length ?? 0) / wordsPerMinute) * 60);

/** One lesson of a course the user owns; its first opening starts its reading time. */
export async function readLesson(
  options: Options & { courseId: TCourseId; lessonId: string },
): Promise<TLesson> {
  const { db, userId, courseId, lessonId } = options;
  await assertOwnsCourse(db, userId, courseId);
  const { lessons, index } = findLesson(courseId, lessonId);
  await db
    .insert(courseLessonOpens)
    .values({ userId, courseId, lessonId, openedAt: await billingNow(db) })
    .onConflictDoNothing();
  const done = await progressOf(db, userId, courseId);
  const lesson = lessons[index];
  return {
    courseId,
    id: lesson.id,
    title: lesson.title,
    markdown: lesson.markdown,
    completed: done.some((p) => p.lessonId === lesson.id),
    previousId: lessons[index - 1]?.id ?? null,
    nextId: lessons[index + 1]?.id ?? null,
  };
}

/**
 * Marks a lesson read (once; marking it again keeps the first date), no sooner than its reading
 * time after it was first opened (409 before); answers the course.
 */
export async function completeLesson(
  options: Options & { courseId: TCourseId; lessonId: string; wordsPerMinute: number },
): Promise<TCourse> {
  const { db, userId, courseId, lessonId } = options;
  await assertOwnsCourse(db, userId, courseId);
  const { lessons, index } = findLesson(courseId, lessonId);
  const now = await billingNow(db);
  const [opened] = await db
    .select({ at: courseLessonOpens.openedAt })
    .from(courseLessonOpens)
    .where(
      and(
        eq(courseLessonOpens.userId, userId),
        eq(courseLessonOpens.courseId, courseId),
        eq(courseLessonOpens.lessonId, lessonId),
      ),
    );
  const needed = readingSeconds(lessons[index].markdown, options.wordsPerMinute);
  const left = opened ? needed - Math.floor((now.getTime() - opened.at.getTime()) / 1000) : needed;
  if (!opened || left > 0)
    throw new AppError(
      "CONFLICT",
      `Read the lesson first: it takes about ${Math.max(1, Math.ceil(needed / 60))} minutes (${Math.max(1, Math.ceil(left / 60))} left).`,
    );
  await db
    .insert(courseProgress)
    .values({ userId, courseId, lessonId, completedAt: now })
    .onConflictDoNothing();
  const done = await progressOf(db, userId, courseId);
  return summary(courseId, true, new Map(done.map((p) => [p.lessonId, p.completedAt])));
}

/** The course as the certificate needs it: 409 until every lesson is read. */
export async function finishedCourse(options: Options & { courseId: TCourseId }) {
  const { db, userId, courseId } = options;
  await assertOwnsCourse(db, userId, courseId);
  const done = await progressOf(db, userId, courseId);
  const course = summary(courseId, true, new Map(done.map((p) => [p.lessonId, p.completedAt])));
  if (!course.completedAt) {
    throw new AppError(
      "CONFLICT",
      `Read every lesson to get the certificate (${course.completedLessons} of ${course.totalLessons} done).`,
    );
  }
  return { course };
}
