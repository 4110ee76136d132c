import { TEAM_PATHS, type TPortfolio, ZPortfolios } from "@shared/api/team";
import { pathTo } from "@shared/path-to";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** The portfolios' key: the layout, the switcher and the Team card read it. */
export const portfoliosKey = [TEAM_PATHS.portfolios];

/** The user's own portfolio and those they are a member of, with which is open (docs/security.md#team-seats). */
export function usePortfolios() {
  return useQuery({
    queryKey: portfoliosKey,
    queryFn: async () => ZPortfolios.parse(await (await apiRequest("GET", TEAM_PATHS.portfolios)).json()),
  });
}

/** The open portfolio; undefined while loading. A member's is someone else's. */
export function useActivePortfolio(): TPortfolio | undefined {
  return usePortfolios().data?.portfolios.find((p) => p.active);
}

/**
 * Whether the open portfolio is known to be the user's own: false while the portfolios load and
 * for a member. The owner's own reads (billing, mail preferences) wait for it, so a teammate's
 * pages never ask for what the API refuses them. Without the list (its read failed), the user's own.
 */
export function useInOwnPortfolio(): boolean {
  const portfolios = usePortfolios();
  if (portfolios.isError) return true;
  return portfolios.data?.portfolios.find((p) => p.active)?.role === "owner";
}

/** Whether the user works in someone else's portfolio now (owner-only pages are hidden then). */
export function useWorkingAsMember(): boolean {
  const active = useActivePortfolio();
  return Boolean(active && active.role !== "owner");
}

/** Opens a portfolio; every cached read belonged to the one before, so all are read again. */
export function useSwitchPortfolio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ownerId: string) =>
      ZPortfolios.parse(await (await apiRequest("POST", TEAM_PATHS.switch, { ownerId })).json()),
    onSuccess: (data) => {
      queryClient.setQueryData(portfoliosKey, data);
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== portfoliosKey[0] });
    },
  });
}

/** A member leaves someone's portfolio; the session is back in their own, so every read is redone. */
export function useLeavePortfolio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ownerId: string) => apiRequest("DELETE", pathTo(TEAM_PATHS.leave, { ownerId })),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
