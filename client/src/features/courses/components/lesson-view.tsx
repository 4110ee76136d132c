import { Check } from "lucide-react";
import { Link } from "wouter";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-error";
import { useCompleteLesson } from "../api/complete-lesson";
import { useLesson } from "../api/get-lesson";
import { lessonHref } from "./course-list";
import { Markdown } from "./markdown";

/** One lesson: its text, a "mark as read" button, and the way to the previous and next lesson. */
export function LessonView({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  const lesson = useLesson(courseId, lessonId);
  const complete = useCompleteLesson();
  if (lesson.isPending) return <Spinner className="size-6 text-primary" />;
  if (lesson.isError) {
    const message =
      lesson.error instanceof ApiError ? lesson.error.message : "This lesson could not be loaded.";
    return (
      <Card>
        <CardContent className="py-6 text-sm" role="alert">
          {message}
        </CardContent>
      </Card>
    );
  }
  const data = lesson.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">{data.title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <article>
          <Markdown source={data.markdown} />
        </article>
        <div className="flex flex-wrap items-center gap-2 border-t pt-4">
          {data.previousId && (
            <Link
              className={buttonVariants({ variant: "outline", size: "sm" })}
              href={lessonHref(courseId, data.previousId)}
            >
              Previous lesson
            </Link>
          )}
          <Button
            size="sm"
            disabled={data.completed || complete.isPending}
            onClick={() => complete.mutate({ courseId, lessonId })}
          >
            <Check aria-hidden="true" />
            {data.completed ? "Read" : "Mark as read"}
          </Button>
          {data.nextId && (
            <Link
              className={buttonVariants({ variant: "outline", size: "sm" })}
              href={lessonHref(courseId, data.nextId)}
            >
              Next lesson
            </Link>
          )}
          <Link className="ml-auto text-sm hover:underline" href="/affiliates/courses">
            All courses
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
