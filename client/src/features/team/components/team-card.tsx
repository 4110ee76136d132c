import { ROLE_LABELS, TEAM_ROLES, type TTeamRole, ZInviteBody } from "@shared/api/team";
import { UsersRound } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link } from "wouter";
import { atLimit, LimitLine } from "@/components/plans/limit-line";
import { SettingsCard } from "@/components/settings-card";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { usePlanUsage } from "@/lib/api/get-plan-usage";
import { formatDate } from "@/lib/format";
import { toast, toastError } from "@/lib/toast";
import { useTeam } from "../api/get-team";
import { useInviteMember } from "../api/invite-member";
import { useUpdateTeam } from "../api/update-team";

const ROLE_OPTIONS = TEAM_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/**
 * Settings → Team (docs/security.md#team-seats): invite people by email as Viewer (sees the
 * portfolio) or Manager (also edits domains, listings and pages), see the seats used of the
 * plan's before the limit, change roles, withdraw invitations and remove members.
 */
export function TeamCard() {
  const team = useTeam();
  const plan = usePlanUsage().data;
  const update = useUpdateTeam();
  const seats = team.data?.seats;
  const full = seats ? atLimit(seats) : false;

  return (
    <SettingsCard
      id="team"
      icon={UsersRound}
      title="Team"
      description="Invite people to work in your portfolio. Payouts, billing and security stay yours."
    >
      {!team.data ? (
        <Skeleton className="h-32" />
      ) : (
        <div className="grid gap-5">
          {seats?.limit === 0 ? (
            <p className="text-muted-foreground text-sm" data-testid="limit-team">
              The {plan?.label ?? "current"} plan has no team seats.{" "}
              {seats.upgradeTo &&
                `${seats.upgradeTo.label} includes ${seats.upgradeTo.limit ?? "unlimited"}: `}
              <Link href="/settings" className="font-medium underline">
                see the plans
              </Link>
              .
            </p>
          ) : (
            <LimitLine usage={seats} noun="team seats" planLabel={plan?.label} />
          )}
          {team.data.overLimit && (
            <p role="status" className="text-amber-800 text-sm">
              Your team has more members than your plan's seats: members can only view the portfolio until you
              remove {team.data.members.length - (seats?.limit ?? 0)} or upgrade. Nobody was removed.
            </p>
          )}
          <InviteForm disabled={full} />
          <section aria-label="Members" className="grid gap-2">
            <h3 className="font-medium text-sm">Members</h3>
            {team.data.members.length === 0 && (
              <p className="text-muted-foreground text-sm">No members yet.</p>
            )}
            <ul className="grid gap-2">
              {team.data.members.map((m) => (
                <li key={m.id} className="flex flex-wrap items-center gap-3 rounded-md border px-3 py-2">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium text-sm">{m.name}</p>
                    <p className="truncate text-muted-foreground text-xs">{m.email}</p>
                  </div>
                  <Select
                    aria-label={`Role of ${m.email}`}
                    className="w-36"
                    options={ROLE_OPTIONS}
                    value={m.role}
                    disabled={update.isPending}
                    onValueChange={(role) =>
                      update.mutate(
                        { kind: "role", memberId: m.id, role: role as TTeamRole },
                        { onError: (e) => toastError(e) },
                      )
                    }
                  />
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={update.isPending}
                    onClick={() =>
                      update.mutate({ kind: "remove", memberId: m.id }, { onError: (e) => toastError(e) })
                    }
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          </section>
          {team.data.invitations.length > 0 && (
            <section aria-label="Pending invitations" className="grid gap-2">
              <h3 className="font-medium text-sm">Pending invitations</h3>
              <ul className="grid gap-2">
                {team.data.invitations.map((i) => (
                  <li
                    key={i.id}
                    className="flex flex-wrap items-center gap-3 rounded-md border border-dashed px-3 py-2"
                  >
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm">{i.email}</p>
                      <p className="text-muted-foreground text-xs">
                        {ROLE_LABELS[i.role]} · link works until {formatDate(i.expiresAt)}
                      </p>
                    </div>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={update.isPending}
                      onClick={() =>
                        update.mutate(
                          { kind: "revoke", invitationId: i.id },
                          { onError: (e) => toastError(e) },
                        )
                      }
                    >
                      Withdraw
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
    </SettingsCard>
  );
}

function InviteForm({ disabled }: { disabled: boolean }) {
  const invite = useInviteMember();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<TTeamRole>("manager");
  const [error, setError] = useState<string>();
  const emailId = useId();
  const roleId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZInviteBody.safeParse({ email, role });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    invite.mutate(parsed.data, {
      onSuccess: (sent) => {
        setEmail("");
        toast({ title: "Invitation sent", description: `${sent.email} can accept it from the email.` });
      },
      onError: (e) => toastError(e),
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end" noValidate>
      <div className="grid gap-1.5">
        <Label htmlFor={emailId}>Email</Label>
        <Input
          id={emailId}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={disabled}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={roleId}>Role</Label>
        <Select
          id={roleId}
          options={ROLE_OPTIONS}
          value={role}
          onValueChange={(v) => setRole(v as TTeamRole)}
          disabled={disabled}
        />
      </div>
      <Button type="submit" disabled={disabled || invite.isPending}>
        {invite.isPending ? "Inviting..." : "Invite"}
      </Button>
      <FieldError id={errorId} className="sm:col-span-3">
        {error}
      </FieldError>
    </form>
  );
}
