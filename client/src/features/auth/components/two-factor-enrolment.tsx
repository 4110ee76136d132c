import { zodResolver } from "@hookform/resolvers/zod";
import { type TTwoFactorSetup, ZCodeBody } from "@shared/api/auth/security";
import { useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { apiErrorMessage } from "@/lib/api-error";
import { showServerIssues } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useEnableTwoFactor } from "../api/change-two-factor";

/** Step two of enrolment: scan the QR code (or type the key), then confirm with a first code. */
export function TwoFactorEnrolment(props: {
  setup: TTwoFactorSetup;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  // The enable request's own schema: the code from the app.
  const form = useForm<z.input<typeof ZCodeBody>, unknown, z.output<typeof ZCodeBody>>({
    resolver: zodResolver(ZCodeBody),
    defaultValues: { code: "" },
  });
  const { errors } = form.formState;
  const code = form.watch("code");
  const enable = useEnableTwoFactor();
  const codeId = useId();
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(props.setup.qrSvg)}`;

  const handleSubmit = form.handleSubmit((body) =>
    enable.mutate(body.code, {
      onSuccess: (codes) => {
        toast({
          title: "Two-Factor Sign-In On",
          description: "You'll be asked for a code when you sign in.",
        });
        props.onEnabled(codes);
      },
      onError: (error) => {
        showServerIssues(error, form.setError, ["code"]);
        toast({
          variant: "destructive",
          title: "Error",
          description: apiErrorMessage(error, "That code isn't valid. Please try again."),
        });
      },
    }),
  );

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        // Enter in the field does nothing until the code is whole, as the button would not.
        if (code.length !== 6) event.preventDefault();
        else void handleSubmit(event);
      }}
      noValidate
    >
      <p className="text-sm">
        Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…), then enter the
        6-digit code it shows.
      </p>
      <img
        src={qr}
        alt="QR code for your authenticator app"
        className="size-44 rounded-lg border bg-white p-2"
        width={176}
        height={176}
      />
      <p className="text-muted-foreground text-sm">
        Can't scan it? Enter this key instead:{" "}
        <code className="break-all rounded bg-muted px-1 py-0.5 font-mono text-foreground">
          {props.setup.secret}
        </code>
      </p>
      <div className="grid gap-2">
        <Label htmlFor={codeId}>Code from the app</Label>
        <Input
          id={codeId}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          className="max-w-40 font-mono tracking-widest"
          aria-invalid={errors.code ? true : undefined}
          aria-describedby={errors.code ? `${codeId}-error` : undefined}
          {...form.register("code", {
            // Only digits are kept as they are typed.
            onChange: (e) => form.setValue("code", e.target.value.replace(/\D/g, "")),
          })}
        />
        <FieldError id={`${codeId}-error`}>{errors.code?.message}</FieldError>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={code.length !== 6 || enable.isPending}>
          {enable.isPending ? "Turning on..." : "Turn On"}
        </Button>
        <Button type="button" variant="outline" onClick={props.onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
