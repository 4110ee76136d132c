import type { TLoginBody } from "@shared/api/auth";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export async function login(body: TLoginBody): Promise<void> {
  await apiRequest("POST", "/api/auth/login", body);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
