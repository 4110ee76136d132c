import { ADMIN_API, type TStaffMe, ZStaffMe } from "@shared/api/admin";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** Who the console is open for; fails (404) for anyone who is not staff signed in with a second factor. */
async function getStaffMe(): Promise<TStaffMe> {
  const res = await apiRequest("GET", `${ADMIN_API}/me`);
  return ZStaffMe.parse(await res.json());
}

export function useStaffMe() {
  return useQuery({ queryKey: ["admin", "me"], queryFn: getStaffMe, staleTime: 0 });
}
