import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation, useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { safeNextPath } from "@/lib/next-path";
import { refreshSession } from "../api/get-session";
import { captureReferralCode } from "../utils/referral-code";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";

type Mode = "login" | "register";

/**
 * The /login card: sign in or create an account, switched in place. `?mode=register` opens
 * Create Account, `?email=` fills in the address, and `?next=` (a path of this site only) is
 * where a successful sign-in goes instead of the dashboard, e.g. back to an invitation.
 */
export function AuthForm() {
  const search = useSearch();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [referralCode] = useState(() => captureReferralCode(search));
  const [{ next, email, register }] = useState(() => {
    const params = new URLSearchParams(search);
    return {
      next: safeNextPath(params.get("next")),
      email: params.get("email")?.trim().slice(0, 254) ?? "",
      register: params.get("mode") === "register",
    };
  });
  const [mode, setMode] = useState<Mode>(referralCode || register ? "register" : "login");
  const isLogin = mode === "login";

  async function goOn() {
    try {
      await refreshSession(queryClient);
    } catch (error) {
      // The next page's own session check reports the problem; going there is still right.
      console.error("Session refresh failed", error);
    }
    navigate(next ?? "/dashboard", { replace: true });
  }

  return (
    <Card className="w-full max-w-md shadow-lg">
      <CardHeader className="gap-2 pb-4">
        <h1 className="font-semibold text-2xl leading-tight tracking-tight">
          {isLogin ? "Sign In" : "Create Account"}
        </h1>
        <CardDescription>
          {isLogin
            ? "Welcome back. Sign in to manage your domains and revenue."
            : "Start turning your domain portfolio into revenue in minutes."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {isLogin ? (
          <LoginForm email={email} onSignedIn={goOn} />
        ) : (
          <RegisterForm referralCode={referralCode} email={email} onSignedIn={goOn} />
        )}
        <p className="text-center text-muted-foreground text-sm">
          {isLogin ? "Don't have an account?" : "Already have an account?"}{" "}
          <Button variant="link-strong" onClick={() => setMode(isLogin ? "register" : "login")}>
            {isLogin ? "Create Account" : "Sign In"}
          </Button>
        </p>
      </CardContent>
    </Card>
  );
}
