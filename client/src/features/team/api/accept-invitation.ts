import { TEAM_PATHS } from "@shared/api/team";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { portfoliosKey } from "@/lib/api/portfolios";
import { apiRequest } from "@/lib/api-client";

/** The signed-in invitee accepts an invitation from its link; the portfolio joins their list. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) =>
      (await (await apiRequest("POST", TEAM_PATHS.accept, { token })).json()) as {
        ownerId: string;
        role: string;
      },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portfoliosKey }),
  });
}
