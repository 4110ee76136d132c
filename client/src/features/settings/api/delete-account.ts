import { AUTH_PATHS } from "@shared/api/auth/sign-in";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { apiRequest } from "@/lib/api-client";
import { toast } from "@/lib/toast";

/** Deletes the signed-in account (the server asks for the password again when the sign-in is old). */
export async function deleteAccount(): Promise<void> {
  await apiRequest("DELETE", AUTH_PATHS.account);
}

/**
 * Deletes the account, then drops every cached answer and lands on the sign-in page, saying so
 * there (the Settings page that asked is gone by then).
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      queryClient.clear();
      navigate("/login");
      toast({ title: "Account Deleted", description: "Your account and its data are gone." });
    },
  });
}
