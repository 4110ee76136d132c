import {
  API_KEY_PATHS,
  type TCreateApiKeyBody,
  type TCreatedApiKey,
  ZCreatedApiKey,
} from "@shared/api/api-keys";
import { pathTo } from "@shared/path-to";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Creates a key: the answer is the only time its whole text is shown. */
export async function createApiKey(body: TCreateApiKeyBody): Promise<TCreatedApiKey> {
  const res = await apiRequest("POST", API_KEY_PATHS.list, body);
  return ZCreatedApiKey.parse(await res.json());
}

export async function revokeApiKey(id: string): Promise<void> {
  await apiRequest("DELETE", pathTo(API_KEY_PATHS.one, { id }));
}

function useApiKeysMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys });
      void queryClient.invalidateQueries({ queryKey: queryKeys.auditLog });
    },
  });
}

export const useCreateApiKey = () => useApiKeysMutation(createApiKey);
export const useRevokeApiKey = () => useApiKeysMutation(revokeApiKey);
