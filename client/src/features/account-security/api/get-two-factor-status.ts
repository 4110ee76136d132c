import type { TTwoFactorStatus } from "@shared/api/security";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const TWO_FACTOR_PATH = "/api/auth/2fa";

/** Whether two-factor sign-in is on, and how many recovery codes are left. */
export async function getTwoFactorStatus(): Promise<TTwoFactorStatus> {
  const res = await apiRequest("GET", TWO_FACTOR_PATH);
  return (await res.json()) as TTwoFactorStatus;
}

export const twoFactorStatusQueryOptions = () =>
  queryOptions({ queryKey: [TWO_FACTOR_PATH], queryFn: getTwoFactorStatus });

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions());
}
