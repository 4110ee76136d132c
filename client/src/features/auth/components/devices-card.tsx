import { type TDevice, ZRenameDeviceBody } from "@shared/api/auth/devices";
import { useQueryClient } from "@tanstack/react-query";
import { Laptop } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import { IconCardHeader } from "@/components/icon-card-header";
import { RenameForm } from "@/components/rename-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate, formatRelativeTime } from "@/lib/format";
import { toast, toastError } from "@/lib/toast";
import { useApproveDevice, useDevices, useRenameDevice, useRevokeDevice } from "../api/devices";

const failed = (error: unknown) => toastError(error);

/** One device: its name and kind, where and when it was seen; with the add-on, rename, approve, revoke. */
function DeviceRow({ device, manage }: { device: TDevice; manage: boolean }) {
  const [editing, setEditing] = useState(false);
  const rename = useRenameDevice();
  const revoke = useRevokeDevice();
  const approve = useApproveDevice();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  function forget() {
    revoke.mutate(device.id, {
      onSuccess: () => {
        if (device.current) {
          queryClient.clear();
          navigate("/login", { replace: true });
          return;
        }
        toast({
          title: device.approved ? "Device Removed" : "Sign-In Refused",
          description: `${device.name} is signed out and must be approved to sign in again.`,
        });
      },
      onError: failed,
    });
  }

  return (
    <li className="grid gap-2 py-3" aria-label={device.name}>
      {editing ? (
        <RenameForm
          label="Device name"
          initial={device.name}
          schema={ZRenameDeviceBody}
          pending={rename.isPending}
          error={rename.error}
          onSave={(name) =>
            rename.mutate({ id: device.id, name }, { onSuccess: () => setEditing(false), onError: failed })
          }
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <span className="break-words font-medium text-sm">{device.name}</span>
          {device.current && <Badge variant="success">This device</Badge>}
          {!device.approved && <Badge variant="warning">Waiting for approval</Badge>}
        </div>
      )}
      <p className="text-muted-foreground text-xs">
        {[
          device.name === device.kind ? null : device.kind,
          device.address,
          device.place,
          `first seen ${formatDate(device.firstSeenAt)}`,
          `last seen ${formatRelativeTime(device.lastSeenAt)}`,
        ]
          .filter(Boolean)
          .join(" · ")}
      </p>
      {manage && !editing && (
        <div className="flex flex-wrap gap-2">
          {!device.approved && (
            <Button
              type="button"
              size="sm"
              disabled={approve.isPending}
              onClick={() =>
                approve.mutate(device.id, {
                  onSuccess: () =>
                    toast({ title: "Device Approved", description: `${device.name} is signing in.` }),
                  onError: failed,
                })
              }
            >
              Approve
            </Button>
          )}
          {device.approved && (
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
          )}
          <Button type="button" size="sm" variant="outline" disabled={revoke.isPending} onClick={forget}>
            {device.approved ? "Remove" : "Refuse"}
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * Settings → Security: the devices the account signed in on. Device management (an Enhanced
 * Security add-on) names them, removes them (their sessions end) and approves a new one.
 */
export function DevicesCard() {
  const devices = useDevices();
  const manage = devices.data?.manage ?? false;
  return (
    <Card role="region" aria-labelledby="devices-heading">
      <IconCardHeader
        icon={Laptop}
        titleId="devices-heading"
        title="Devices"
        description={
          manage
            ? "A sign-in from a new device waits until you approve it here or by the link we email you."
            : "The devices your account signed in on. Device Management (Enhanced Security) names them, removes them and asks your approval for a new one."
        }
      />
      <CardContent>
        {devices.isPending ? (
          <Skeleton className="h-16" />
        ) : (
          <ul className="divide-y">
            {(devices.data?.devices ?? []).map((d) => (
              <DeviceRow key={d.id} device={d} manage={manage} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
