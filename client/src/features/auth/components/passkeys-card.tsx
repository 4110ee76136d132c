import { type TPasskey, ZRenamePasskeyBody } from "@shared/api/auth/passkeys";
import { Fingerprint } from "lucide-react";
import { useId, useState } from "react";
import { IconCardHeader } from "@/components/icon-card-header";
import { RenameForm } from "@/components/rename-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { formatDate } from "@/lib/format";
import { toast, toastError } from "@/lib/toast";
import {
  useAddPasskey,
  usePasskeys,
  useRemovePasskey,
  useRenamePasskey,
  useSetTwoFactorRequired,
} from "../api/passkeys";

const failed = (error: unknown) => toastError(error);

const KIND_LABEL = { passkey: "Passkey", "security-key": "Security key" } as const;
const NEEDS = { passkey: "Needs Biometric Login", "security-key": "Needs Premium 2FA" } as const;

/** One credential: its name (renamed in place), kind, when added and last used, and removal. */
function PasskeyRow({ passkey }: { passkey: TPasskey }) {
  const [editing, setEditing] = useState(false);
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();

  return (
    <li className="grid gap-2 rounded-lg border p-3" aria-label={passkey.name}>
      {editing ? (
        <RenameForm
          label="Name"
          initial={passkey.name}
          schema={ZRenamePasskeyBody}
          pending={rename.isPending}
          error={rename.error}
          onSave={(name) =>
            rename.mutate({ id: passkey.id, name }, { onSuccess: () => setEditing(false), onError: failed })
          }
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{passkey.name}</span>
          <Badge variant="neutral">{KIND_LABEL[passkey.kind]}</Badge>
          {passkey.usable ? null : <Badge variant="warning">{NEEDS[passkey.kind]}</Badge>}
        </div>
      )}
      <p className="text-muted-foreground text-xs">
        Added {formatDate(passkey.createdAt)}
        {passkey.lastUsedAt ? ` · last used ${formatDate(passkey.lastUsedAt)}` : " · not used yet"}
        {passkey.deviceType === "multiDevice" ? " · synced" : ""}
      </p>
      {editing ? null : (
        <div className="flex gap-2">
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => {
              rename.reset();
              setEditing(true);
            }}
          >
            Rename
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(passkey.id, {
                onSuccess: () =>
                  toast({ title: "Removed", description: `${passkey.name} can no longer sign in.` }),
                onError: failed,
              })
            }
          >
            Remove
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * Settings → Security: passkeys (the Biometric Login add-on) that sign in alone or as the second
 * factor, security keys and required two-factor (Premium 2FA). Without the add-ons, what they add.
 */
export function PasskeysCard() {
  const list = usePasskeys();
  const add = useAddPasskey();
  const required = useSetTwoFactorRequired();
  const switchId = useId();
  const data = list.data;

  const adding = (kind: "passkey" | "security-key") =>
    add.mutate(
      { kind },
      {
        onSuccess: () =>
          toast({
            title: kind === "passkey" ? "Passkey Added" : "Security Key Added",
            description:
              kind === "passkey"
                ? "You can sign in with it, without your password."
                : "It can confirm your sign-in after your password.",
          }),
        onError: failed,
      },
    );

  return (
    <Card role="region" aria-labelledby="passkeys-heading">
      <IconCardHeader
        className="pb-4"
        icon={Fingerprint}
        titleId="passkeys-heading"
        title="Passkeys & Security Keys"
        description="Sign in with your fingerprint, face or a hardware key."
      />
      <CardContent className="grid gap-4">
        {!data ? (
          <Skeleton className="h-24" />
        ) : (
          <>
            {data.passkeys.length > 0 ? (
              <ul className="grid gap-2" aria-label="Your passkeys and security keys">
                {data.passkeys.map((p) => (
                  <PasskeyRow key={p.id} passkey={p} />
                ))}
              </ul>
            ) : null}
            {!data.addOns.biometric && !data.addOns.twoFactorPremium ? (
              <p className="text-muted-foreground text-sm">
                Passkeys come with the Biometric Login add-on of Enhanced Security; security keys and required
                two-factor sign-in with Premium 2FA.
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              {data.addOns.biometric ? (
                <Button type="button" disabled={add.isPending} onClick={() => adding("passkey")}>
                  Add a Passkey
                </Button>
              ) : null}
              {data.addOns.twoFactorPremium ? (
                <Button
                  type="button"
                  variant="outline"
                  disabled={add.isPending}
                  onClick={() => adding("security-key")}
                >
                  Add a Security Key
                </Button>
              ) : null}
            </div>
            {data.addOns.twoFactorPremium ? (
              <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
                <Label htmlFor={switchId} className="grid gap-1">
                  <span>Require two-factor on every sign-in</span>
                  <span className="font-normal text-muted-foreground text-xs">
                    Your last second factor can't be removed while this is on.
                  </span>
                </Label>
                <Switch
                  id={switchId}
                  checked={data.requireTwoFactor}
                  disabled={required.isPending}
                  onCheckedChange={(on) => required.mutate(on, { onError: failed })}
                />
              </div>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
