import { Router } from "express";
import {
  COURSE_PATHS,
  COURSES_PATH,
  certificatePagePath,
  ZCourseParams,
  ZLessonParams,
} from "../../../shared/api/courses";
import type { Db } from "../../db/pool";
import { handler } from "../../http/handler";
import { mountedAt } from "../../http/mounted-at";
import type { Config } from "../../lib/config";
import { certificatePdf } from "./course-certificate";
import { completeLesson, finishedCourse, listCourses, readLesson } from "./courses.service";
import { issueCertificate } from "./issue-certificate";

const at = mountedAt("/api/courses");

export interface CourseDeps {
  db: Db;
  config: Pick<Config, "COURSE_READING_WORDS_PER_MINUTE" | "sessionSecret" | "appUrl">;
}

/** `/api/courses`: the training courses, their lessons (owners only), progress and certificates. */
export function courseRoutes(deps: CourseDeps): Router {
  const { db } = deps;
  const router = Router();
  router.get(
    at(COURSES_PATH),
    handler({ auth: true }, ({ userId }) => listCourses({ db, userId })),
  );
  router.get(
    at(COURSE_PATHS.lesson),
    handler({ auth: true, params: ZLessonParams }, ({ userId, params }) =>
      readLesson({ db, userId, ...params }),
    ),
  );
  router.post(
    at(COURSE_PATHS.lessonComplete),
    handler({ auth: true, params: ZLessonParams }, ({ userId, params }) =>
      completeLesson({
        db,
        userId,
        ...params,
        wordsPerMinute: deps.config.COURSE_READING_WORDS_PER_MINUTE,
      }),
    ),
  );
  router.get(
    at(COURSE_PATHS.certificate),
    handler({ auth: true, params: ZCourseParams }, async ({ userId, params, res }) => {
      const { course } = await finishedCourse({ db, userId, courseId: params.courseId });
      const certificate = await issueCertificate(db, {
        secret: deps.config.sessionSecret,
        userId,
        course: { ...course, completedAt: course.completedAt ?? new Date().toISOString() },
      });
      const verifyUrl = `${deps.config.appUrl}${certificatePagePath(certificate.number)}`;
      const pdf = await certificatePdf({ course, certificate, verifyUrl });
      res
        .type("application/pdf")
        .set("Content-Disposition", `attachment; filename="parkpilot-certificate-${course.id}.pdf"`)
        .send(pdf);
    }),
  );
  return router;
}
