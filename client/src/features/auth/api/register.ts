import { AUTH_PATHS, type TRegisterBody } from "@shared/api/auth/sign-in";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export async function register(body: TRegisterBody): Promise<void> {
  await apiRequest("POST", AUTH_PATHS.register, body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
