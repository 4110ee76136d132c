import { useParams } from "wouter";
import { PageHeader } from "@/components/page-header";
import { Spinner } from "@/components/ui/spinner";
import { useCourses } from "@/features/courses/api/get-courses";
import { CourseList } from "@/features/courses/components/course-list";
import { LessonView } from "@/features/courses/components/lesson-view";

/** `/affiliates/courses` and `/affiliates/courses/:courseId/:lessonId`: the training courses. */
export default function CoursesPage() {
  const params = useParams<{ courseId?: string; lessonId?: string }>();
  const courses = useCourses();
  return (
    <div className="grid gap-6">
      <PageHeader
        className="mb-0"
        title="Training Courses"
        description="Lessons for domain owners and affiliates. Read every lesson of a course to get its certificate."
      />
      {params.courseId && params.lessonId ? (
        <LessonView courseId={params.courseId} lessonId={params.lessonId} />
      ) : courses.isPending ? (
        <Spinner className="size-6 text-primary" />
      ) : courses.data ? (
        <CourseList courses={courses.data} />
      ) : null}
    </div>
  );
}
