import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { TCourseId } from "../../../shared/api/courses";
import { TRAINING_COURSES } from "../../../shared/prices";
import { repoPath } from "../../lib/repo-path";

export interface LessonContent {
  id: string;
  title: string;
  markdown: string;
}

/**
 * The lessons of each course, read once from `content/courses/<course id>/NN-<slug>.md` (the
 * first line is the lesson's `# title`), in file-name order. The id is the slug.
 */
function loadCourses(): Map<TCourseId, LessonContent[]> {
  const root = repoPath("content/courses");
  const courses = new Map<TCourseId, LessonContent[]>();
  for (const course of TRAINING_COURSES) {
    const dir = join(root, course.id);
    const files = readdirSync(dir)
      .filter((f) => /^\d\d-[a-z0-9-]+\.md$/.test(f))
      .sort();
    courses.set(
      course.id,
      files.map((file) => {
        const text = readFileSync(join(dir, file), "utf8");
        const [first, ...rest] = text.split("\n");
        return {
          id: file.slice(3, -3),
          title: first.replace(/^#\s*/, "").trim(),
          markdown: rest.join("\n").trim(),
        };
      }),
    );
  }
  return courses;
}

let cache: Map<TCourseId, LessonContent[]> | undefined;

/** The lessons of a course, in order. */
export function lessonsOf(courseId: TCourseId): LessonContent[] {
  cache ??= loadCourses();
  return cache.get(courseId) ?? [];
}
