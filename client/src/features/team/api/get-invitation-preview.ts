import { TEAM_PATHS, ZInvitationPreview } from "@shared/api/team";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/**
 * What an invitation's link shows before it is accepted (who invites, as what, at which address),
 * read once per visit: the answer does not change while the page is open, and the server counts
 * each read. A refused token (400, 404, 410) is final, so it is not retried.
 */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: [`${TEAM_PATHS.preview}?token=${encodeURIComponent(token)}`],
    enabled: token !== "",
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
    queryFn: async ({ signal }) =>
      ZInvitationPreview.parse(
        await (
          await apiRequest("GET", `${TEAM_PATHS.preview}?token=${encodeURIComponent(token)}`, undefined, {
            signal,
          })
        ).json(),
      ),
  });
}
