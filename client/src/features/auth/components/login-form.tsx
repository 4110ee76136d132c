import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { errorAfterColon } from "@/lib/error-text";
import { toast } from "@/lib/toast";
import { useLogin } from "../api/login";
import { FormField } from "./form-field";
import { TwoFactorStep } from "./two-factor-step";

export function LoginForm({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const login = useLogin();
  const [usernameOrEmail, setUsernameOrEmail] = useState("");
  const [password, setPassword] = useState("");
  const [finishing, setFinishing] = useState(false);
  const [needsCode, setNeedsCode] = useState(false);
  const submitting = login.isPending || finishing;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!usernameOrEmail.trim() || !password) {
      toast({ variant: "destructive", title: "Error", description: "Please fill in all fields." });
      return;
    }
    try {
      const answer = await login.mutateAsync({ usernameOrEmail: usernameOrEmail.trim(), password });
      if (answer.twoFactorRequired) {
        setNeedsCode(true);
        return;
      }
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Login Failed",
        description: errorAfterColon(error, "Login failed. Please check your credentials."),
      });
      return;
    }
    setFinishing(true);
    toast({ title: "Welcome Back!", description: "You've successfully logged in to ParkPilot." });
    await onSignedIn();
  }

  if (needsCode) {
    return (
      <TwoFactorStep
        onSignedIn={onSignedIn}
        onBack={() => {
          setNeedsCode(false);
          setPassword("");
        }}
      />
    );
  }

  return (
    <form className="grid gap-4" onSubmit={handleSubmit} noValidate aria-label="Sign in">
      <FormField
        id="usernameOrEmail"
        label="Username or Email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="you@example.com"
        required
        value={usernameOrEmail}
        onChange={(e) => setUsernameOrEmail(e.target.value)}
      />
      <FormField
        id="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Link href="/forgot-password" className="-mt-2 justify-self-end text-primary text-sm hover:underline">
        Forgot password?
      </Link>
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={submitting}>
        {submitting ? "Signing in..." : "Sign In"}
      </Button>
    </form>
  );
}
