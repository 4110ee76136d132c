import type { TSignedInSession } from "@shared/api/auth/security";
import { useQueryClient } from "@tanstack/react-query";
import { MonitorSmartphone } from "lucide-react";
import { useLocation } from "wouter";
import { IconCardHeader } from "@/components/icon-card-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate, formatRelativeTime } from "@/lib/format";
import { toast, toastError } from "@/lib/toast";
import { useEndOtherSessions, useEndSession } from "../api/end-sessions";
import { useSessions } from "../api/get-sessions";

const failed = (error: unknown) => toastError(error);

function SessionRow({
  session,
  onSignOut,
  busy,
}: {
  session: TSignedInSession;
  onSignOut: () => void;
  busy: boolean;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="grid gap-0.5">
        <span className="flex items-center gap-2 font-medium text-sm">
          {session.device}
          {session.current && <Badge variant="success">This device</Badge>}
        </span>
        <span className="text-muted-foreground text-xs">
          {[
            session.address,
            session.place,
            session.signedInAt && `signed in ${formatDate(session.signedInAt)}`,
            session.lastSeenAt && `last seen ${formatRelativeTime(session.lastSeenAt)}`,
          ]
            .filter(Boolean)
            .join(" · ")}
        </span>
      </div>
      <Button type="button" size="sm" variant="outline" disabled={busy} onClick={onSignOut}>
        End Session
      </Button>
    </li>
  );
}

/** Settings → Security: every signed-in session of the account, each can be signed out. */
export function SessionsCard() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  function signOut(session: TSignedInSession) {
    endOne.mutate(session.id, {
      onSuccess: () => {
        if (session.current) {
          queryClient.clear();
          navigate("/login", { replace: true });
          return;
        }
        toast({ title: "Session Ended", description: `${session.device} was signed out.` });
      },
      onError: failed,
    });
  }

  return (
    <Card role="region" aria-labelledby="sessions-heading">
      <IconCardHeader
        icon={MonitorSmartphone}
        titleId="sessions-heading"
        title="Signed-In Devices"
        description="Where your account is signed in now. Sign out anything you don't recognise."
      />
      <CardContent className="grid gap-2">
        {sessions.isPending ? (
          <Skeleton className="h-16" />
        ) : (
          <ul className="divide-y">
            {(sessions.data ?? []).map((s) => (
              <SessionRow key={s.id} session={s} busy={endOne.isPending} onSignOut={() => signOut(s)} />
            ))}
          </ul>
        )}
        {others > 0 && (
          <div>
            <Button
              type="button"
              variant="outline"
              disabled={endOthers.isPending}
              onClick={() =>
                endOthers.mutate(undefined, {
                  onSuccess: (n) =>
                    toast({
                      title: "Sessions Ended",
                      description: `${n} other session${n === 1 ? "" : "s"} signed out.`,
                    }),
                  onError: failed,
                })
              }
            >
              End All Other Sessions
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
