import { AUTH_PATHS } from "@shared/api/auth/sign-in";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { apiRequest } from "@/lib/api-client";

export async function logout(): Promise<void> {
  await apiRequest("POST", AUTH_PATHS.logout, {});
}

/**
 * Signs out (docs/product.md#states): the server call is attempted and a failure is only logged; then every
 * cached answer is dropped and the visitor lands on /login either way (`mutate(href)`: on that
 * sign-in address instead, e.g. one that comes back to an invitation).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (_then?: string) => logout(),
    onError: (error) => console.error("Sign-out request failed", error),
    onSettled: (_data, _error, then) => {
      queryClient.clear();
      navigate(then ?? "/login");
    },
  });
}
