import { referralPath, type TAffiliate } from "@shared/api/affiliates";
import { Link2, UserPlus, Users } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate, formatMoney } from "@/lib/format";
import { useAffiliates } from "../api/get-affiliates";
import { absoluteUrl, copyLink } from "../utils/copy-link";

/** An invitation nobody has accepted yet: not a referral, so no number or earnings; the level it carries. */
function PendingInvitationRow({ invitation }: { invitation: TAffiliate }) {
  const code = invitation.referralCode;
  return (
    <li className="flex flex-col gap-2 px-6 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900" title={invitation.email}>
          {invitation.email}
        </p>
        <p className="text-muted-foreground text-xs">
          Invited {formatDate(invitation.createdAt)} at level {invitation.level} ({invitation.commissionRate}%
          commission), not joined yet
        </p>
      </div>
      <div className="flex items-center gap-3">
        {code && (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Copy Invite Link for ${invitation.email}`}
            onClick={() => copyLink(absoluteUrl(referralPath(code)), "invite link")}
          >
            <Link2 aria-hidden="true" />
            Copy Invite Link
          </Button>
        )}
        <Badge variant="warning">Invitation pending</Badge>
      </div>
    </li>
  );
}

function AffiliateRow({ affiliate }: { affiliate: TAffiliate }) {
  return (
    <li className="flex flex-col gap-3 px-6 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 font-semibold text-slate-600 text-sm">
          L{affiliate.level}
        </span>
        <div className="min-w-0">
          <p className="font-medium text-slate-900">Affiliate #{affiliate.id.slice(0, 8)}</p>
          {/* A long email is shortened (whole on hover), never the level and rate after it. */}
          <p className="flex min-w-0 flex-wrap text-muted-foreground text-sm sm:flex-nowrap">
            <span className="min-w-0 max-w-full truncate" title={affiliate.email}>
              {affiliate.email}
            </span>
            <span className="whitespace-nowrap">
              <span className="max-sm:hidden">&nbsp;·&nbsp;</span>
              Level {affiliate.level} · {affiliate.commissionRate}% commission
            </span>
          </p>
        </div>
      </div>
      <div className="flex items-center gap-4 sm:justify-end">
        <div className="text-right">
          <p className="font-semibold text-slate-900 tabular-nums">
            {formatMoney(affiliate.totalCommissions)}
          </p>
          <p className="text-muted-foreground text-xs">total earned</p>
          {Number(affiliate.testCommissions) > 0 && (
            <p className="mt-1 flex items-center justify-end gap-1 text-muted-foreground text-xs">
              <Badge variant="neutral">test</Badge>
              <span className="tabular-nums">{formatMoney(affiliate.testCommissions)}</span>
              <span className="sr-only">of test commission from sandbox payments, not in your balance</span>
            </p>
          )}
        </div>
        <Badge variant={affiliate.isActive ? "success" : "neutral"} className="w-16 justify-center">
          {affiliate.isActive ? "Active" : "Inactive"}
        </Badge>
      </div>
    </li>
  );
}

function EmptyState({ onInvite }: { onInvite: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-slate-100">
        <Users aria-hidden="true" className="size-6 text-slate-400" />
      </span>
      <div>
        <p className="font-medium text-slate-900">No affiliates yet</p>
        <p className="text-muted-foreground text-sm">
          Invite partners or share your referral link to start earning commissions.
        </p>
      </div>
      <Button onClick={onInvite}>
        <UserPlus aria-hidden="true" />
        Invite Your First Affiliate
      </Button>
    </div>
  );
}

/**
 * The user's affiliates (referrals who joined) with level, rate, earnings and status, and apart
 * from them the invitations still open; an invitation prompt when there is neither.
 */
export function AffiliateList({ onInvite }: { onInvite: () => void }) {
  const { data, isPending, isError, refetch } = useAffiliates();
  // An open invitation keeps its code until someone registers with it.
  const referrals = data?.filter((a) => a.referralCode === null) ?? [];
  const invitations = data?.filter((a) => a.referralCode !== null) ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your Affiliates</CardTitle>
        <CardDescription>Everyone who joined through your invitation or your link.</CardDescription>
      </CardHeader>
      <div className="border-t">
        {isPending ? (
          <ul aria-busy="true" aria-label="Loading affiliates" className="divide-y">
            {[0, 1, 2].map((i) => (
              <li key={i} className="flex items-center gap-3 px-6 py-4">
                <Skeleton className="size-10 rounded-full" />
                <div className="grid flex-1 gap-2">
                  <Skeleton className="h-4 w-40" />
                  <Skeleton className="h-3 w-64" />
                </div>
                <Skeleton className="h-6 w-16 rounded-full" />
              </li>
            ))}
          </ul>
        ) : isError ? (
          <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
            <p className="font-medium text-slate-900">Failed to load affiliates</p>
            <Button variant="outline" onClick={() => refetch()}>
              Try Again
            </Button>
          </CardContent>
        ) : data.length === 0 ? (
          <EmptyState onInvite={onInvite} />
        ) : (
          <>
            {referrals.length === 0 ? (
              <p className="px-6 py-6 text-center text-muted-foreground text-sm">
                Nobody has joined yet. Your invitations are below.
              </p>
            ) : (
              <ul className="divide-y" aria-label="Affiliates">
                {referrals.map((affiliate) => (
                  <AffiliateRow key={affiliate.id} affiliate={affiliate} />
                ))}
              </ul>
            )}
            {invitations.length > 0 && (
              <section aria-labelledby="pending-invitations" className="border-t bg-slate-50/50">
                <h3 id="pending-invitations" className="px-6 pt-4 font-medium text-slate-900 text-sm">
                  Pending invitations ({invitations.length})
                </h3>
                <ul className="divide-y" aria-label="Pending invitations">
                  {invitations.map((invitation) => (
                    <PendingInvitationRow key={invitation.id} invitation={invitation} />
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </div>
    </Card>
  );
}
