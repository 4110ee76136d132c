import { lessonCompletePath, type TCourse, ZCourse } from "@shared/api/courses";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Marks a lesson read; answers the course with its progress. */
export async function completeLesson(input: { courseId: string; lessonId: string }): Promise<TCourse> {
  const res = await apiRequest("POST", lessonCompletePath(input.courseId, input.lessonId));
  return ZCourse.parse(await res.json());
}

export function useCompleteLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeLesson,
    // Every course and lesson key starts with the courses path.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.courses }),
  });
}
