import { zodResolver } from "@hookform/resolvers/zod";
import { type TLoginBody, ZLoginBody } from "@shared/api/auth/sign-in";
import { Fingerprint } from "lucide-react";
import { useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { firstFieldError, showServerIssues } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useLogin } from "../api/login";
import { useSignInWithPasskey } from "../api/passkeys";
import { passkeyStep, toastLoginFailed, toastWelcomeBack } from "../utils/sign-in-toasts";
import { DeviceApprovalStep } from "./device-approval-step";
import { FormField, PasskeyButton } from "./form-field";
import { TwoFactorStep } from "./two-factor-step";

/** `email` fills in the first field, when the page was opened with one (an invitation's address). */
export function LoginForm({ email = "", onSignedIn }: { email?: string; onSignedIn: () => Promise<void> }) {
  const login = useLogin();
  const form = useForm<TLoginBody>({
    resolver: zodResolver(ZLoginBody),
    defaultValues: { usernameOrEmail: email, password: "" },
  });
  const { errors } = form.formState;
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
    form.setValue("password", "");
  }

  async function submit(body: TLoginBody) {
    try {
      const answer = await login.mutateAsync(body);
      if (answer.twoFactorRequired) {
        setNeedsCode({ totp: answer.totp, webauthn: answer.webauthn });
        return;
      }
      if (answer.deviceApprovalRequired) {
        setAwaitingDevice(true);
        return;
      }
    } catch (error) {
      showServerIssues(error, form.setError, ["usernameOrEmail", "password"]);
      toastLoginFailed(error, "Login failed. Please check your credentials.");
      return;
    }
    await signedIn();
  }

  // A refused form is also the spec's toast: empty fields first, then the field's own message.
  const refused = (found: FieldErrors<TLoginBody>) => {
    const { usernameOrEmail, password } = form.getValues();
    const description =
      !usernameOrEmail.trim() || !password
        ? "Please fill in all fields."
        : (firstFieldError(found, ["usernameOrEmail", "password"]) ?? "Please check the form.");
    toast({ variant: "destructive", title: "Error", description });
  };

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
    <form
      className="grid gap-4"
      onSubmit={form.handleSubmit(submit, refused)}
      noValidate
      aria-label="Sign in"
    >
      <FormField
        id="usernameOrEmail"
        label="Username or Email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="you@example.com"
        required
        error={errors.usernameOrEmail?.message}
        {...form.register("usernameOrEmail")}
      />
      <FormField
        id="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...form.register("password")}
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
