import { lessonPath, type TLesson, ZLesson } from "@shared/api/courses";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** One lesson of a course the user owns (403 otherwise). */
export async function getLesson(courseId: string, lessonId: string): Promise<TLesson> {
  const res = await apiRequest("GET", lessonPath(courseId, lessonId));
  return ZLesson.parse(await res.json());
}

export const lessonQueryOptions = (courseId: string, lessonId: string) =>
  queryOptions({
    queryKey: queryKeys.lesson(courseId, lessonId),
    queryFn: () => getLesson(courseId, lessonId),
    retry: false,
  });

export function useLesson(courseId: string, lessonId: string) {
  return useQuery(lessonQueryOptions(courseId, lessonId));
}
