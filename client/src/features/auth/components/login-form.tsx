import { Fingerprint } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { useSignInWithPasskey } from "@/lib/api/passkeys";
import { toast } from "@/lib/toast";
import { useLogin } from "../api/login";
import { passkeyStep, toastLoginFailed, toastWelcomeBack } from "../utils/sign-in-toasts";
import { DeviceApprovalStep } from "./device-approval-step";
import { FormField, PasskeyButton } from "./form-field";
import { TwoFactorStep } from "./two-factor-step";

export function LoginForm({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const login = useLogin();
  const [usernameOrEmail, setUsernameOrEmail] = useState("");
  const [password, setPassword] = useState("");
  const [finishing, setFinishing] = useState(false);
  const [needsCode, setNeedsCode] = useState<{ totp: boolean; webauthn: boolean } | null>(null);
  const [awaitingDevice, setAwaitingDevice] = useState(false);
  const passkey = useSignInWithPasskey();
  const submitting = login.isPending || passkey.isPending || finishing;

  async function signedIn() {
    setFinishing(true);
    toastWelcomeBack();
    await onSignedIn();
  }

  async function handlePasskey() {
    const result = await passkeyStep(passkey.mutateAsync, "Your passkey could not sign you in.");
    if (result === "device-approval") setAwaitingDevice(true);
    else if (result) await signedIn();
  }

  function backToPassword() {
    setNeedsCode(null);
    setAwaitingDevice(false);
    setPassword("");
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!usernameOrEmail.trim() || !password) {
      toast({ variant: "destructive", title: "Error", description: "Please fill in all fields." });
      return;
    }
    try {
      const answer = await login.mutateAsync({ usernameOrEmail: usernameOrEmail.trim(), password });
      if (answer.twoFactorRequired) {
        setNeedsCode({ totp: answer.totp, webauthn: answer.webauthn });
        return;
      }
      if (answer.deviceApprovalRequired) {
        setAwaitingDevice(true);
        return;
      }
    } catch (error) {
      toastLoginFailed(error, "Login failed. Please check your credentials.");
      return;
    }
    await signedIn();
  }

  if (awaitingDevice) return <DeviceApprovalStep onSignedIn={onSignedIn} onBack={backToPassword} />;
  if (needsCode) {
    return (
      <TwoFactorStep
        webauthn={needsCode.webauthn}
        totp={needsCode.totp}
        onSignedIn={onSignedIn}
        onDeviceApproval={() => setAwaitingDevice(true)}
        onBack={backToPassword}
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
      <PasskeyButton disabled={submitting} onClick={handlePasskey}>
        <Fingerprint aria-hidden="true" className="size-4" />
        Use a Passkey
      </PasskeyButton>
    </form>
  );
}
