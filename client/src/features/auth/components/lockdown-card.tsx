import { CheckCircle2, Circle, ShieldOff } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { IconCardHeader } from "@/components/icon-card-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { DialogActions, DialogShell } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { useEntitlements } from "@/lib/api/get-entitlements";
import { formatDate } from "@/lib/format";
import { toast, toastError } from "@/lib/toast";
import { useSessions } from "../api/get-sessions";
import { useTwoFactorStatus } from "../api/get-two-factor-status";
import { useLockDown, useLockdownStatus } from "../api/lockdown";

const INCIDENT_RESPONSE = "security:incident-response";

function Step({ done, children }: { done: boolean; children: React.ReactNode }) {
  const Icon = done ? CheckCircle2 : Circle;
  return (
    <li className="flex items-start gap-2 text-sm">
      <Icon
        aria-hidden="true"
        className={`mt-0.5 size-4 shrink-0 ${done ? "text-emerald-600" : "text-slate-400"}`}
      />
      <span>
        <span className="sr-only">{done ? "Done: " : "To do: "}</span>
        {children}
      </span>
    </li>
  );
}

/** After a lockdown: what to do to take the account back, each step ticked once it is done. */
function RecoveryChecklist({ since }: { since: string | null }) {
  const twoFactor = useTwoFactorStatus();
  const sessions = useSessions();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;
  return (
    <section
      aria-label="Recovery checklist"
      className="grid gap-3 rounded-lg border border-amber-200 bg-amber-50/60 p-3"
    >
      <p className="font-medium text-sm">
        Your account was locked down{since ? ` on ${formatDate(since)}` : ""}. Payouts stay frozen and nothing
        else signs in, by password or passkey, until you choose a new password.
      </p>
      <ol className="grid gap-2">
        <Step done={false}>
          <a href="#security-settings" className="font-medium text-primary hover:underline">
            Change your password
          </a>{" "}
          (required): it ends the lockdown and unfreezes payouts.
        </Step>
        <Step done={others === 0}>
          Every other session was signed out: check the devices and sessions below.
        </Step>
        <Step done={twoFactor.data?.enabled === true}>Turn on two-factor sign-in, if it is off.</Step>
        <Step done={false}>
          Remove any passkey or security key you did not add: they sign in again once the password is changed.
        </Step>
        <Step done={false}>
          Check your{" "}
          <Link href="/payments" className="font-medium text-primary hover:underline">
            payouts and payout settings
          </Link>{" "}
          for anything you did not do.
        </Step>
        <Step done={false}>Every API key was revoked: create new ones where you need them.</Step>
        <Step done={false}>Read your security activity below for what happened.</Step>
      </ol>
    </section>
  );
}

/**
 * Settings → Security: incident response (an Enhanced Security add-on). One action ends every
 * other session, revokes the API keys and freezes payouts until the password is changed; then a
 * checklist guides the recovery.
 */
export function LockdownCard() {
  const entitlements = useEntitlements();
  const status = useLockdownStatus();
  const lockDown = useLockDown();
  const [confirming, setConfirming] = useState(false);
  const held = (entitlements.data ?? []).some((e) => e.feature === INCIDENT_RESPONSE);

  function confirm() {
    lockDown.mutate(undefined, {
      onSuccess: ({ endedSessions, revokedApiKeys }) => {
        setConfirming(false);
        toast({
          title: "Account Locked Down",
          description: `${endedSessions} other session${endedSessions === 1 ? "" : "s"} signed out and ${revokedApiKeys} API key${revokedApiKeys === 1 ? "" : "s"} revoked. Change your password to finish.`,
        });
      },
      onError: (error) => toastError(error),
    });
  }

  return (
    <Card role="region" aria-labelledby="lockdown-heading">
      <IconCardHeader
        icon={ShieldOff}
        tone="red"
        titleId="lockdown-heading"
        title="Incident Response"
        description={
          held
            ? "If someone else may be in your account: sign out everywhere else, revoke API keys and freeze payouts at once."
            : "The Incident Response add-on of Enhanced Security locks the account down in one step when someone else may be in it."
        }
      />
      <CardContent className="grid gap-3">
        {status.isPending ? (
          <Skeleton className="h-10" />
        ) : status.data?.lockedDown ? (
          <RecoveryChecklist since={status.data.since} />
        ) : null}
        {held && (
          <div>
            <Button type="button" variant="destructive" onClick={() => setConfirming(true)}>
              Lock Down My Account
            </Button>
          </div>
        )}
        <DialogShell
          open={confirming}
          onOpenChange={setConfirming}
          title="Lock down your account?"
          description="Every other session is signed out and every API key is revoked. Until you change your password, payouts are frozen and nothing else signs in, by password or passkey. This device stays signed in."
        >
          <DialogActions onCancel={() => setConfirming(false)}>
            <Button type="button" variant="destructive" disabled={lockDown.isPending} onClick={confirm}>
              {lockDown.isPending ? "Locking down..." : "Lock Down"}
            </Button>
          </DialogActions>
        </DialogShell>
      </CardContent>
    </Card>
  );
}
