import { TEAM_PATHS, ZTeam } from "@shared/api/team";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const teamKey = [TEAM_PATHS.members];

/** The owner's members, pending invitations and seats. */
export function useTeam() {
  return useQuery({
    queryKey: teamKey,
    staleTime: 0,
    queryFn: async () => ZTeam.parse(await (await apiRequest("GET", TEAM_PATHS.members)).json()),
  });
}
