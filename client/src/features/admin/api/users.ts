import { adminPage } from "@shared/api/admin/console";
import { ADMIN_USERS_PATHS, ZAdminUser, ZAdminUserDetail } from "@shared/api/admin/users";
import { pathTo } from "@shared/path-to";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

const ZUserPage = adminPage(ZAdminUser);

/** The console's user keys: every read of them starts with the list's path. */
export const userKeys = {
  all: [ADMIN_USERS_PATHS.list],
  page: (q: string) => [ADMIN_USERS_PATHS.list, "page", q],
  one: (id: string) => [ADMIN_USERS_PATHS.list, id],
};

/** One page of the accounts a search finds, newest first. */
export async function getUserPage(q: string, cursor: string | undefined) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (cursor) params.set("cursor", cursor);
  const res = await apiRequest("GET", `${ADMIN_USERS_PATHS.list}?${params}`);
  return ZUserPage.parse(await res.json());
}

/** One account as staff review it. */
export function useUserReview(id: string | null) {
  return useQuery({
    queryKey: userKeys.one(id ?? ""),
    enabled: id !== null,
    queryFn: async () => {
      const res = await apiRequest("GET", pathTo(ADMIN_USERS_PATHS.one, { id: id ?? "" }));
      return ZAdminUserDetail.parse(await res.json());
    },
  });
}

/** Suspends (with a reason) or restores an account; the lists and the review are read again. */
export function useSetSuspended() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; suspend: boolean; reason?: string }) =>
      input.suspend
        ? apiRequest("POST", pathTo(ADMIN_USERS_PATHS.suspend, { id: input.id }), { reason: input.reason })
        : apiRequest("POST", pathTo(ADMIN_USERS_PATHS.restore, { id: input.id }), {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
