import { CONNECTION_PATHS, type TConnection } from "@shared/api/connections";
import { pathTo } from "@shared/path-to";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

type Change = { id: string; action: "sync" | "pause" | "resume" | "remove" };

/** Sync now, pause, resume or remove one connection. */
export async function changeConnection({ id, action }: Change): Promise<TConnection | null> {
  if (action === "remove") {
    await apiRequest("DELETE", pathTo(CONNECTION_PATHS.one, { id }));
    return null;
  }
  const res =
    action === "sync"
      ? await apiRequest("POST", pathTo(CONNECTION_PATHS.sync, { id }))
      : await apiRequest("PATCH", pathTo(CONNECTION_PATHS.one, { id }), { paused: action === "pause" });
  return res.json();
}

export function useChangeConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeConnection,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.connections }),
  });
}
