import { TEAM_PATHS, type TTeamRole } from "@shared/api/team";
import { pathTo } from "@shared/path-to";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { teamKey } from "./get-team";

/** The owner's changes to the team: withdraw an invitation, change a member's role, remove a member. */
export type TTeamChange =
  | { kind: "revoke"; invitationId: string }
  | { kind: "role"; memberId: string; role: TTeamRole }
  | { kind: "remove"; memberId: string };

export function useUpdateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: TTeamChange) => {
      if (change.kind === "revoke")
        return apiRequest("DELETE", pathTo(TEAM_PATHS.invitation, { id: change.invitationId }));
      if (change.kind === "role")
        return apiRequest("PATCH", pathTo(TEAM_PATHS.member, { id: change.memberId }), { role: change.role });
      return apiRequest("DELETE", pathTo(TEAM_PATHS.member, { id: change.memberId }));
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.planUsage });
    },
  });
}
