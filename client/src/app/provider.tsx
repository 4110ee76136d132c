import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ReauthDialogHost } from "@/features/auth/components/reauth-dialog";
import { queryClient } from "@/lib/query-client";

/**
 * The data layer of the signed-in area and the sign-in page. The public pages do without it, so
 * their visitors never download it; the client is a module singleton, so its cache survives
 * leaving and re-entering the area. The confirm-it's-you dialog serves every sensitive change.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ReauthDialogHost />
    </QueryClientProvider>
  );
}
