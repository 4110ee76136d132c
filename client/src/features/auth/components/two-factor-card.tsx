import { zodResolver } from "@hookform/resolvers/zod";
import { type TTwoFactorSetup, ZCodeBody } from "@shared/api/auth/security";
import { ShieldCheck } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { IconCardHeader } from "@/components/icon-card-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { showServerIssues } from "@/lib/form-errors";
import { toast, toastError } from "@/lib/toast";
import { useDisableTwoFactor, useRegenerateRecoveryCodes, useSetupTwoFactor } from "../api/change-two-factor";
import { useTwoFactorStatus } from "../api/get-two-factor-status";
import { RecoveryCodes } from "./recovery-codes";
import { TwoFactorEnrolment } from "./two-factor-enrolment";

const failed = (error: unknown) => toastError(error);

/** With two-factor on: new recovery codes, or turning it off, each confirmed with a code (the requests' own schema). */
function TwoFactorOn({ codesLeft, onCodes }: { codesLeft: number; onCodes: (codes: string[]) => void }) {
  const form = useForm<z.input<typeof ZCodeBody>, unknown, z.output<typeof ZCodeBody>>({
    resolver: zodResolver(ZCodeBody),
    defaultValues: { code: "" },
  });
  const { errors } = form.formState;
  const code = form.watch("code");
  const codeId = useId();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const busy = disable.isPending || regenerate.isPending;
  const refused = (error: unknown) => {
    showServerIssues(error, form.setError, ["code"]);
    toastError(error);
  };
  const newCodes = form.handleSubmit((body) =>
    regenerate.mutate(body.code, { onSuccess: onCodes, onError: refused }),
  );
  const turnOff = form.handleSubmit((body) =>
    disable.mutate(body.code, {
      onSuccess: () =>
        toast({
          title: "Two-Factor Sign-In Off",
          description: "Your password alone signs you in now.",
        }),
      onError: refused,
    }),
  );

  return (
    <form className="grid gap-4" onSubmit={(event) => event.preventDefault()} noValidate>
      <p className="text-sm">
        Signing in asks for a code from your authenticator app. Recovery codes left:{" "}
        <strong>{codesLeft}</strong>.
      </p>
      <div className="grid gap-2">
        <Label htmlFor={codeId}>Authenticator or recovery code</Label>
        <Input
          id={codeId}
          autoComplete="one-time-code"
          className="max-w-56 font-mono"
          aria-invalid={errors.code ? true : undefined}
          aria-describedby={errors.code ? `${codeId}-error` : undefined}
          {...form.register("code")}
        />
        <FieldError id={`${codeId}-error`}>{errors.code?.message}</FieldError>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={!code.trim() || busy}
          onClick={() => void newCodes()}
        >
          New Recovery Codes
        </Button>
        <Button
          type="button"
          variant="destructive"
          disabled={!code.trim() || busy}
          onClick={() => void turnOff()}
        >
          Turn Off
        </Button>
      </div>
    </form>
  );
}

/** Settings → Security: two-factor sign-in (TOTP) with recovery codes, free for everyone. */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const setup = useSetupTwoFactor();
  const [pending, setPending] = useState<TTwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const enabled = status.data?.enabled ?? false;

  let body: ReactNode;
  if (status.isPending) body = <Skeleton className="h-24" />;
  else if (codes) body = <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  else if (pending)
    body = (
      <TwoFactorEnrolment
        setup={pending}
        onCancel={() => setPending(null)}
        onEnabled={(recovery) => {
          setPending(null);
          setCodes(recovery);
        }}
      />
    );
  else if (enabled) body = <TwoFactorOn codesLeft={status.data?.recoveryCodesLeft ?? 0} onCodes={setCodes} />;
  else
    body = (
      <div className="grid gap-4">
        <p className="text-sm">
          Add a second step to signing in: after your password, a 6-digit code from an authenticator app on
          your phone. Someone who learns your password still can't get in.
        </p>
        <div>
          <Button
            type="button"
            disabled={setup.isPending}
            onClick={() => setup.mutate(undefined, { onSuccess: setPending, onError: failed })}
          >
            {setup.isPending ? "Preparing..." : "Set Up Two-Factor Sign-In"}
          </Button>
        </div>
      </div>
    );

  return (
    <Card role="region" aria-labelledby="two-factor-heading">
      <IconCardHeader
        className="pb-4"
        icon={ShieldCheck}
        titleId="two-factor-heading"
        title="Two-Factor Sign-In"
        badge={
          !status.isPending && (
            <Badge variant={enabled ? "success" : "neutral"}>{enabled ? "On" : "Off"}</Badge>
          )
        }
        description="A code from your phone at every sign-in."
      />
      <CardContent>{body}</CardContent>
    </Card>
  );
}
