import { COURSES_PATH, type TCourse, ZCourse } from "@shared/api/courses";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The five training courses, whether the user owns each, and their progress. */
export async function getCourses(): Promise<TCourse[]> {
  const res = await apiRequest("GET", COURSES_PATH);
  return ZCourse.array().parse(await res.json());
}

export const coursesQueryOptions = () => queryOptions({ queryKey: queryKeys.courses, queryFn: getCourses });

export function useCourses() {
  return useQuery(coursesQueryOptions());
}
