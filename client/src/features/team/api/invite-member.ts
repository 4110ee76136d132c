import { TEAM_PATHS, type TInviteBody, ZTeamInvitation } from "@shared/api/team";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { teamKey } from "./get-team";

/** Invites someone by email with a role; the seat it holds shows at once. */
export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TInviteBody) =>
      ZTeamInvitation.parse(await (await apiRequest("POST", TEAM_PATHS.invitations, body)).json()),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.planUsage });
    },
  });
}
