import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation, useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { refreshSession } from "../api/get-session";
import { captureReferralCode } from "../utils/referral-code";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";

type Mode = "login" | "register";

/** The /login card: sign in or create an account, switched in place. */
export function AuthForm() {
  const search = useSearch();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [referralCode] = useState(() => captureReferralCode(search));
  const [mode, setMode] = useState<Mode>(referralCode ? "register" : "login");
  const isLogin = mode === "login";

  async function goToDashboard() {
    try {
      await refreshSession(queryClient);
    } catch (error) {
      // The dashboard's own session check reports the problem; going there is still right.
      console.error("Session refresh failed", error);
    }
    navigate("/dashboard", { replace: true });
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
          <LoginForm onSignedIn={goToDashboard} />
        ) : (
          <RegisterForm referralCode={referralCode} onSignedIn={goToDashboard} />
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
