import { CONNECTION_PATHS, type TConnection, type TCreateConnectionBody } from "@shared/api/connections";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Connects an account: the server tries the credentials with one call to the service first. */
export async function createConnection(body: TCreateConnectionBody): Promise<TConnection> {
  return (await apiRequest("POST", CONNECTION_PATHS.list, body)).json();
}

export function useCreateConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConnection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.connections }),
  });
}
