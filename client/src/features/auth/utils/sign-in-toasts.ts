import { apiErrorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";

/** The spec's toast for a refused sign-in step: "Login Failed" with the server's reason, or `fallback`. */
export function toastLoginFailed(error: unknown, fallback: string): void {
  toast({ variant: "destructive", title: "Login Failed", description: apiErrorMessage(error, fallback) });
}

/** The spec's toast once the user is signed in. */
export function toastWelcomeBack(): void {
  toast({ title: "Welcome Back!", description: "You've successfully logged in to ParkPilot." });
}

/**
 * Runs a passkey or security-key ceremony; when it fails, the sign-in toast says why (`fallback`
 * when the error has no readable reason). Answers the ceremony's result, or null when it failed.
 */
export async function passkeyStep<T>(ceremony: () => Promise<T>, fallback: string): Promise<T | null> {
  try {
    return await ceremony();
  } catch (error) {
    toastLoginFailed(error, fallback);
    return null;
  }
}
