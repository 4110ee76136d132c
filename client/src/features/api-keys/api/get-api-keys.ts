import { API_KEY_PATHS, type TApiKey, ZApiKeyList } from "@shared/api/api-keys";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** The owner's API keys, active first; never the keys themselves. */
export async function getApiKeys(): Promise<TApiKey[]> {
  const res = await apiRequest("GET", API_KEY_PATHS.list);
  return ZApiKeyList.parse(await res.json());
}

export const apiKeysQueryOptions = () => queryOptions({ queryKey: queryKeys.apiKeys, queryFn: getApiKeys });

export function useApiKeys(enabled: boolean) {
  return useQuery({ ...apiKeysQueryOptions(), enabled });
}
