import type { TApiKey } from "@shared/api/api-keys";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDate, formatRelativeTime } from "@/lib/format";
import { toast, toastError } from "@/lib/toast";
import { useRevokeApiKey } from "../api/change-api-keys";

/** The owner's keys: name, prefix and last four, scopes, created and last used; active ones can be revoked. */
export function ApiKeyList({ keys }: { keys: TApiKey[] }) {
  const revoke = useRevokeApiKey();
  if (keys.length === 0) return <p className="text-muted-foreground text-sm">No API keys yet.</p>;

  const onRevoke = (key: TApiKey) =>
    revoke.mutate(key.id, {
      onSuccess: () =>
        toast({ title: "Key Revoked", description: `${key.name} can no longer call the API.` }),
      onError: (error) => toastError(error),
    });

  return (
    <ul className="divide-y divide-border" aria-label="API keys">
      {keys.map((key) => (
        <li key={key.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="grid gap-0.5">
            <span className="flex flex-wrap items-center gap-2 font-medium text-sm">
              {key.name}
              <code className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-700 text-xs">
                {key.prefix}…{key.last4}
              </code>
              {key.scopes.map((s) => (
                <Badge key={s} variant={s === "write" ? "warning" : "info"}>
                  {s}
                </Badge>
              ))}
              {key.revokedAt && <Badge variant="neutral">Revoked</Badge>}
            </span>
            <span className="text-muted-foreground text-xs">
              Created {formatDate(key.createdAt)} ·{" "}
              {key.lastUsedAt ? `last used ${formatRelativeTime(key.lastUsedAt)}` : "never used"}
            </span>
          </div>
          {!key.revokedAt && (
            <Button
              size="sm"
              variant="ghost-danger"
              disabled={revoke.isPending}
              onClick={() => onRevoke(key)}
            >
              Revoke
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
