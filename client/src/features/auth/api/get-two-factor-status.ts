import { SECURITY_PATHS, type TTwoFactorStatus, ZTwoFactorStatus } from "@shared/api/auth/security";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Whether two-factor sign-in is on, and how many recovery codes are left. */
export async function getTwoFactorStatus(): Promise<TTwoFactorStatus> {
  const res = await apiRequest("GET", SECURITY_PATHS.twoFactor);
  return ZTwoFactorStatus.parse(await res.json());
}

export const twoFactorStatusQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.twoFactor, queryFn: getTwoFactorStatus });

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions());
}
