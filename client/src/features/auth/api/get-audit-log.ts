import {
  SECURITY_PATHS,
  type TAuditEntry,
  type TAuditLogQuery,
  ZAuditLogAnswer,
} from "@shared/api/auth/security";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `?event=…&from=…&to=…` of the filters set, or "". */
export function auditQueryString(filter: TAuditLogQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The account's security events within its retention, newest first, filtered. */
export async function getAuditLog(filter: TAuditLogQuery = {}): Promise<TAuditEntry[]> {
  const res = await apiRequest("GET", `${SECURITY_PATHS.auditLog}${auditQueryString(filter)}`);
  return ZAuditLogAnswer.parse(await res.json()).events;
}

export const auditLogQueryOptions = (filter: TAuditLogQuery = {}) =>
  queryOptions({
    queryKey: Object.keys(filter).length ? queryKeys.auditLogFiltered(filter) : queryKeys.auditLog,
    queryFn: () => getAuditLog(filter),
    placeholderData: keepPreviousData,
  });

export function useAuditLog(filter: TAuditLogQuery = {}) {
  return useQuery(auditLogQueryOptions(filter));
}
