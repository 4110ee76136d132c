import { zodResolver } from "@hookform/resolvers/zod";
import { type TCodeBody, ZCodeBody } from "@shared/api/auth/security";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { useSignInWithPasskey } from "../api/passkeys";
import { useVerifyTwoFactor } from "../api/verify-two-factor";
import { passkeyStep, toastLoginFailed, toastWelcomeBack } from "../utils/sign-in-toasts";
import { FormField, PasskeyButton } from "./form-field";

/** After a right password on an account with two-factor on: the code, then the dashboard. */
export function TwoFactorStep({
  onSignedIn,
  onDeviceApproval,
  onBack,
  webauthn = false,
  totp = true,
}: {
  onSignedIn: () => Promise<void>;
  /** The factor was right and the device waits for approval (device management). */
  onDeviceApproval: () => void;
  onBack: () => void;
  /** A passkey or security key can confirm this sign-in too. */
  webauthn?: boolean;
  /** An authenticator app code (or a recovery code) can. */
  totp?: boolean;
}) {
  const verify = useVerifyTwoFactor();
  const passkey = useSignInWithPasskey();
  const form = useForm<TCodeBody>({ resolver: zodResolver(ZCodeBody), defaultValues: { code: "" } });
  const code = form.watch("code");
  const [finishing, setFinishing] = useState(false);
  const submitting = verify.isPending || passkey.isPending || finishing;

  async function handleKey() {
    const result = await passkeyStep(passkey.mutateAsync, "Your key could not confirm this sign-in.");
    if (!result) return;
    if (result === "device-approval") return onDeviceApproval();
    setFinishing(true);
    toastWelcomeBack();
    await onSignedIn();
  }

  async function submit({ code }: TCodeBody) {
    let result: Awaited<ReturnType<typeof verify.mutateAsync>>;
    try {
      result = await verify.mutateAsync(code);
    } catch (error) {
      toastLoginFailed(error, "That code isn't valid. Please try again.");
      return;
    }
    if (result === "device-approval") return onDeviceApproval();
    setFinishing(true);
    toastWelcomeBack();
    await onSignedIn();
  }

  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit(submit)} noValidate aria-label="Two-factor code">
      {totp ? (
        <>
          <p className="text-sm">
            Enter the 6-digit code from your authenticator app, or one of your recovery codes.
          </p>
          <FormField
            id="twoFactorCode"
            label="Authentication Code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            className="font-mono tracking-widest"
            error={form.formState.errors.code?.message}
            {...form.register("code")}
          />
          <Button type="submit" size="lg" className="mt-2 w-full" disabled={submitting || !code.trim()}>
            {submitting ? "Verifying..." : "Verify"}
          </Button>
        </>
      ) : (
        <p className="text-sm">Confirm this sign-in with your passkey or security key.</p>
      )}
      {webauthn ? (
        <PasskeyButton disabled={submitting} onClick={handleKey}>
          Use a Passkey or Security Key
        </PasskeyButton>
      ) : null}
      <Button type="button" variant="link" onClick={onBack}>
        Use another account
      </Button>
    </form>
  );
}
