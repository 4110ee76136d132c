import { ADMIN_API, type TStaffMe, ZStaffMe } from "@shared/api/admin/console";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** Who the console is open for; fails (404) for anyone who is not staff signed in with a second factor. */
async function getStaffMe(): Promise<TStaffMe> {
  const res = await apiRequest("GET", `${ADMIN_API}/me`);
  return ZStaffMe.parse(await res.json());
}

/** The console's keys stay in the console's chunk, apart from the owner pages' `queryKeys`. */
export const adminKeys = { me: [`${ADMIN_API}/me`] } as const;

/** Asked afresh each time the console opens: staff can lose the role at any moment. */
export const staffMeQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.me, queryFn: getStaffMe, staleTime: 0 });

export function useStaffMe() {
  return useQuery(staffMeQueryOptions());
}
