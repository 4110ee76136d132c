import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogFooter, DialogShell } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { apiErrorMessage } from "@/lib/api-error";
import { setReauthHandler } from "@/lib/reauth";
import { twoFactorStatusQueryOptions } from "../api/get-two-factor-status";
import { reauthenticate } from "../api/reauthenticate";

/**
 * Asks for the password (and a code when two-factor sign-in is on) when a sensitive change
 * needs a fresh sign-in; the change is then retried. Mounted once for the account area.
 */
export function ReauthDialogHost() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [needsCode, setNeedsCode] = useState(false);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);
  const ids = { password: useId(), code: useId() };

  useEffect(() => {
    setReauthHandler(async () => {
      const status = await queryClient.fetchQuery(twoFactorStatusQueryOptions()).catch(() => undefined);
      setNeedsCode(status?.enabled ?? false);
      setPassword("");
      setCode("");
      setError("");
      setOpen(true);
      return new Promise<boolean>((resolve) => {
        settle.current = resolve;
      });
    });
    return () => setReauthHandler(undefined);
  }, [queryClient]);

  const finish = (confirmed: boolean) => {
    settle.current?.(confirmed);
    settle.current = null;
    setOpen(false);
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      await reauthenticate({ password, code: needsCode ? code.trim() : undefined });
      finish(true);
    } catch (e) {
      setError(apiErrorMessage(e, "That didn't work. Please try again."));
    } finally {
      setBusy(false);
    }
  }

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
      <form className="grid gap-4" onSubmit={handleSubmit}>
        <div className="grid gap-2">
          <Label htmlFor={ids.password}>Password</Label>
          <Input
            id={ids.password}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        {needsCode && (
          <div className="grid gap-2">
            <Label htmlFor={ids.code}>Authentication code</Label>
            <Input
              id={ids.code}
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              className="font-mono"
            />
          </div>
        )}
        {error && (
          <p role="alert" className="text-destructive text-sm">
            {error}
          </p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => finish(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={!password || (needsCode && !code.trim()) || busy}>
            {busy ? "Confirming..." : "Confirm"}
          </Button>
        </DialogFooter>
      </form>
    </DialogShell>
  );
}
