import { z } from "zod";
import { pathTo } from "../path-to";
import { TRAINING_COURSES } from "../prices";

/** Where the training courses are read (docs/affiliates.md#training-courses). */
export const COURSES_PATH = "/api/courses";
export const lessonPath = (courseId: string, lessonId: string) =>
  pathTo(COURSE_PATHS.lesson, { courseId, lessonId });
export const lessonCompletePath = (courseId: string, lessonId: string) =>
  pathTo(COURSE_PATHS.lessonComplete, { courseId, lessonId });
export const certificatePath = (courseId: string) => pathTo(COURSE_PATHS.certificate, { courseId });

/** A certificate's public page, where anyone checks its number. */
export const certificatePagePath = (number: string) => `/certificates/${encodeURIComponent(number)}`;

/** The entitlement a paid Expert Training order grants: `training-course:<id>`. */
export const courseFeature = (courseId: string) => `training-course:${courseId}`;

export type TCourseId = (typeof TRAINING_COURSES)[number]["id"];
export const ZCourseId = z.enum(TRAINING_COURSES.map((c) => c.id) as [TCourseId, ...TCourseId[]], {
  message: "Unknown course.",
});
export const ZLessonParams = z.object({
  courseId: ZCourseId,
  lessonId: z
    .string()
    .max(80)
    .regex(/^[a-z0-9-]+$/, "Unknown lesson."),
});
export const ZCourseParams = z.object({ courseId: ZCourseId });

export const ZLessonSummary = z.object({ id: z.string(), title: z.string(), completed: z.boolean() });

/** One course as `GET /api/courses` lists it; lesson titles are listed to everyone, bodies only to owners. */
export const ZCourse = z.object({
  id: z.string(),
  label: z.string(),
  /** Decimal string: "297.00". */
  price: z.string(),
  owned: z.boolean(),
  lessons: z.array(ZLessonSummary),
  completedLessons: z.number(),
  totalLessons: z.number(),
  /** When the last lesson was read (the certificate's date), or null. */
  completedAt: z.string().nullable(),
});
export type TCourse = z.infer<typeof ZCourse>;

/** One lesson, its body as Markdown (rendered by the client and sanitised). */
export const ZLesson = z.object({
  courseId: z.string(),
  id: z.string(),
  title: z.string(),
  markdown: z.string(),
  completed: z.boolean(),
  previousId: z.string().nullable(),
  nextId: z.string().nullable(),
});
export type TLesson = z.infer<typeof ZLesson>;

/** The area's API paths, as Express patterns (filled in with `pathTo`). */
export const COURSE_PATHS = {
  lesson: "/api/courses/:courseId/lessons/:lessonId",
  lessonComplete: "/api/courses/:courseId/lessons/:lessonId/complete",
  certificate: "/api/courses/:courseId/certificate.pdf",
} as const;
