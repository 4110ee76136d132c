import { z } from "zod";
import { ZSessionUser } from "./sign-in";

/** Device management (Settings → Security → Devices; docs/security.md#accounts-and-sign-in). */
export const DEVICE_PATHS = {
  devices: "/api/auth/devices",
  device: "/api/auth/devices/:id",
  approve: "/api/auth/devices/:id/approve",
  /** The mailed link's page posts its token here. */
  approveByLink: "/api/auth/devices/approve",
  /** A sign-in waiting for approval asks here whether it was approved, and is signed in when it was. */
  approval: "/api/auth/device-approval",
} as const;

/** The page a device-approval email links to. */
export const APPROVE_DEVICE_PATH = "/approve-device";

/** How long a sign-in waits for its device to be approved, and the mailed link stays valid. */
export const DEVICE_APPROVAL_MS = 30 * 60 * 1000;

export const ZDevice = z.object({
  id: z.string(),
  /** The owner's name for it, or its browser and system. */
  name: z.string(),
  /** Its browser and system ("Chrome on macOS"). */
  kind: z.string(),
  address: z.string().nullable(),
  place: z.string().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  /** False while a sign-in from it waits for approval. */
  approved: z.boolean(),
  current: z.boolean(),
});
export type TDevice = z.infer<typeof ZDevice>;

/** `GET /api/auth/devices`; `manage` says whether the device-management add-on is held. */
export const ZDevicesAnswer = z.object({ devices: z.array(ZDevice), manage: z.boolean() });
export type TDevicesAnswer = z.infer<typeof ZDevicesAnswer>;

export const ZDeviceIdParams = z.object({ id: z.uuid("Unknown device") });
export const ZRenameDeviceBody = z.object({
  name: z.string().trim().min(1, "Enter a name").max(60, "Keep the name under 60 characters"),
});
export const ZApproveByLinkBody = z.object({
  token: z.string().trim().min(1, "This approval link is not valid").max(200),
});

/** `POST /api/auth/device-approval`: still waiting, or signed in. */
export const ZDeviceApprovalAnswer = z.union([
  z.object({ approved: z.literal(false) }),
  z.object({ approved: z.literal(true), user: ZSessionUser }),
]);

/**
 * The last step of a sign-in (password, code or passkey): signed in, or waiting for the device
 * to be approved.
 */
export const ZSignInStepAnswer = z.union([
  z.object({ user: ZSessionUser }),
  z.object({ deviceApprovalRequired: z.literal(true) }),
]);
