import { zodResolver } from "@hookform/resolvers/zod";
import { ZCodeBody, ZReauthBody } from "@shared/api/auth/security";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { type FieldError as TFieldError, useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { DialogFooter, DialogShell } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { apiErrorMessage } from "@/lib/api-error";
import { showServerIssues } from "@/lib/form-errors";
import { setReauthHandler } from "@/lib/reauth";
import { twoFactorStatusQueryOptions } from "../api/get-two-factor-status";
import { reauthenticate } from "../api/reauthenticate";

/** The reauthentication body as the form holds it: the code is only read with two-factor sign-in on. */
const ZReauthForm = ZReauthBody.extend({ code: z.string() });
/** With two-factor sign-in on, the code is needed too. */
const ZReauthWithCode = ZReauthBody.extend({ code: ZCodeBody.shape.code });
type TReauthForm = { password: string; code: string };
const EMPTY: TReauthForm = { password: "", code: "" };

/** A field's message once it was left, or whenever the server gave it. */
const shown = (error: TFieldError | undefined, touched: boolean | undefined) =>
  error && (touched || error.type === "server") ? error.message : undefined;

/**
 * Asks for the password (and a code when two-factor sign-in is on) when a sensitive change
 * needs a fresh sign-in; the change is then retried. Mounted once for the account area.
 */
export function ReauthDialogHost() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [needsCode, setNeedsCode] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);
  const ids = { password: useId(), code: useId() };
  const form = useForm<TReauthForm, unknown, z.output<typeof ZReauthForm>>({
    resolver: zodResolver(needsCode ? ZReauthWithCode : ZReauthForm),
    mode: "onChange",
    defaultValues: EMPTY,
  });
  const { errors, touchedFields, isValid, isSubmitting } = form.formState;
  const passwordError = shown(errors.password, touchedFields.password);
  const codeError = shown(errors.code, touchedFields.code);

  useEffect(() => {
    setReauthHandler(async () => {
      const status = await queryClient.fetchQuery(twoFactorStatusQueryOptions()).catch(() => undefined);
      setNeedsCode(status?.enabled ?? false);
      setOpen(true);
      return new Promise<boolean>((resolve) => {
        settle.current = resolve;
      });
    });
    return () => setReauthHandler(undefined);
  }, [queryClient]);

  const { reset, trigger } = form;
  // Each asking starts empty, checked by this account's rules (with or without a code): the
  // handler sets both at once, so the resolver of this render already knows which.
  useEffect(() => {
    if (!open) return;
    reset(EMPTY);
    void trigger();
  }, [open, reset, trigger]);

  const finish = (confirmed: boolean) => {
    settle.current?.(confirmed);
    settle.current = null;
    setOpen(false);
  };

  const submit = form.handleSubmit(async ({ password, code }) => {
    try {
      await reauthenticate({ password, code: needsCode ? code : undefined });
      finish(true);
    } catch (e) {
      if (showServerIssues(e, form.setError, ["password", "code"])) return;
      form.setError("root.server", { message: apiErrorMessage(e, "That didn't work. Please try again.") });
    }
  });

  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => !next && finish(false)}
      title="Confirm it's you"
      description={
        <>
          This change protects your account and money. Enter your password{" "}
          {needsCode ? " and a code from your authenticator app" : ""} to continue.
        </>
      }
    >
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <div className="grid gap-2">
          <Label htmlFor={ids.password}>Password</Label>
          <Input
            id={ids.password}
            type="password"
            autoComplete="current-password"
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? `${ids.password}-error` : undefined}
            {...form.register("password")}
          />
          <FieldError id={`${ids.password}-error`}>{passwordError}</FieldError>
        </div>
        {needsCode && (
          <div className="grid gap-2">
            <Label htmlFor={ids.code}>Authentication code</Label>
            <Input
              id={ids.code}
              autoComplete="one-time-code"
              className="font-mono"
              aria-invalid={codeError ? true : undefined}
              aria-describedby={codeError ? `${ids.code}-error` : undefined}
              {...form.register("code")}
            />
            <FieldError id={`${ids.code}-error`}>{codeError}</FieldError>
          </div>
        )}
        {errors.root?.server && (
          <p role="alert" className="text-destructive text-sm">
            {errors.root.server.message}
          </p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => finish(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={!isValid || isSubmitting}>
            {isSubmitting ? "Confirming..." : "Confirm"}
          </Button>
        </DialogFooter>
      </form>
    </DialogShell>
  );
}
