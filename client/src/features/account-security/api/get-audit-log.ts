import type { TAuditEntry } from "@shared/api/security";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const AUDIT_LOG_PATH = "/api/audit-log";

/** The account's security events of the last 90 days, newest first. */
export async function getAuditLog(): Promise<TAuditEntry[]> {
  const res = await apiRequest("GET", AUDIT_LOG_PATH);
  return ((await res.json()) as { events: TAuditEntry[] }).events;
}

export const auditLogQueryOptions = () => queryOptions({ queryKey: [AUDIT_LOG_PATH], queryFn: getAuditLog });

export function useAuditLog() {
  return useQuery(auditLogQueryOptions());
}
