import { certificatePath, type TCourse } from "@shared/api/courses";
import { formatUsd } from "@shared/money";
import { Award, BookOpen, CheckCircle2, Lock } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

export const lessonHref = (courseId: string, lessonId: string) =>
  `/affiliates/courses/${courseId}/${lessonId}`;

function CourseCard({ course }: { course: TCourse }) {
  const next = course.lessons.find((l) => !l.completed) ?? course.lessons[0];
  return (
    <Card data-testid={`course-${course.id}`}>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center justify-between gap-2 text-base">
          <span className="flex items-center gap-2">
            <BookOpen aria-hidden="true" className="size-4 text-emerald-600" />
            {course.label}
          </span>
          {course.owned ? (
            <Badge variant="success">Owned</Badge>
          ) : (
            <Badge variant="neutral">
              <Lock aria-hidden="true" />
              {formatUsd(course.price)}
            </Badge>
          )}
        </CardTitle>
        <CardDescription>
          {course.completedLessons} of {course.totalLessons} lessons read
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <ol className="grid gap-1 text-sm">
          {course.lessons.map((lesson, i) => (
            <li key={lesson.id} className="flex items-center gap-2">
              {lesson.completed ? (
                <CheckCircle2 aria-label="Read" className="size-4 shrink-0 text-emerald-600" />
              ) : (
                <span className="w-4 shrink-0 text-center text-muted-foreground text-xs">{i + 1}</span>
              )}
              {course.owned ? (
                <Link className="hover:underline" href={lessonHref(course.id, lesson.id)}>
                  {lesson.title}
                </Link>
              ) : (
                <span className="text-muted-foreground">{lesson.title}</span>
              )}
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap gap-2">
          {course.owned && next && (
            <Link className={buttonVariants({ size: "sm" })} href={lessonHref(course.id, next.id)}>
              {course.completedLessons === 0 ? "Start the course" : "Continue"}
            </Link>
          )}
          {course.completedAt && (
            <a
              className={buttonVariants({ size: "sm", variant: "outline" })}
              href={certificatePath(course.id)}
            >
              <Award aria-hidden="true" />
              Download certificate (PDF)
            </a>
          )}
          {!course.owned && (
            <p className="text-muted-foreground text-xs">
              Buy it with Expert Training on the{" "}
              <Link
                className="font-medium text-primary underline-offset-2 hover:underline"
                href="/affiliates"
              >
                Affiliates page
              </Link>
              ; lifetime access.
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** Every course with its lessons; owned courses link to their lessons. */
export function CourseList({ courses }: { courses: TCourse[] }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {courses.map((course) => (
        <CourseCard key={course.id} course={course} />
      ))}
    </div>
  );
}
