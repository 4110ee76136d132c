import { ScrollText } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatRelativeTime } from "@/lib/format";
import { useAuditLog } from "../api/get-audit-log";

/** How each recorded event reads in the log. */
const EVENT_LABELS: Record<string, string> = {
  sign_in: "Signed in",
  sign_in_failed: "Failed sign-in attempt",
  sign_out: "Signed out",
  two_factor_enabled: "Two-factor sign-in turned on",
  two_factor_disabled: "Two-factor sign-in turned off",
  recovery_codes_regenerated: "New recovery codes made",
  recovery_code_used: "Recovery code used",
  reauthenticated: "Identity confirmed",
  password_changed: "Password changed",
  password_reset_requested: "Password reset requested",
  password_reset: "Password reset",
  email_changed: "Email changed",
  session_ended: "Session signed out",
  other_sessions_ended: "Other devices signed out",
  payout_requested: "Payout requested",
  payout_settings_changed: "Payout settings changed",
  passkey_added: "Passkey or security key added",
  passkey_removed: "Passkey or security key removed",
  two_factor_requirement_changed: "Two-factor requirement changed",
};

const SHOWN = 50;

/** Settings → Security: the account's security events of the last 90 days. */
export function AuditLogCard() {
  const log = useAuditLog();
  const events = (log.data ?? []).slice(0, SHOWN);
  return (
    <Card role="region" aria-labelledby="audit-log-heading">
      <CardHeader className="flex-row items-start gap-3 space-y-0 pb-2">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
          <ScrollText aria-hidden="true" className="size-[18px]" />
        </span>
        <div className="grid gap-1">
          <CardTitle id="audit-log-heading" className="text-base">
            Security Activity
          </CardTitle>
          <CardDescription>Sign-ins and changes to your account's security, last 90 days.</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        {log.isPending ? (
          <Skeleton className="h-24" />
        ) : events.length === 0 ? (
          <p className="text-muted-foreground text-sm">No security activity yet.</p>
        ) : (
          <ul className="max-h-80 divide-y overflow-y-auto">
            {events.map((e) => (
              <li
                key={e.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2 text-sm"
              >
                <span className="font-medium">{EVENT_LABELS[e.event] ?? e.event}</span>
                <span className="text-muted-foreground text-xs">
                  {e.device} · {e.address} ·{" "}
                  <time dateTime={e.createdAt} title={e.createdAt}>
                    {formatRelativeTime(e.createdAt)}
                  </time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
