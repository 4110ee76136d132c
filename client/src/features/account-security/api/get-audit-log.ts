import { SECURITY_PATHS, type TAuditEntry, ZAuditLogAnswer } from "@shared/api/security";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The account's security events of the last 90 days, newest first. */
export async function getAuditLog(): Promise<TAuditEntry[]> {
  const res = await apiRequest("GET", SECURITY_PATHS.auditLog);
  return ZAuditLogAnswer.parse(await res.json()).events;
}

export const auditLogQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.auditLog, queryFn: getAuditLog });

export function useAuditLog() {
  return useQuery(auditLogQueryOptions());
}
