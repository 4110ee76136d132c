import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Request } from "express";
import { APPROVE_DEVICE_PATH, DEVICE_APPROVAL_MS } from "../../../shared/api/auth/devices";
import { knownDevices } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";
import { AppError } from "../../http/app-error";
import { requestMeta } from "../../http/request-meta";
import { describeDevice } from "../../lib/device-name";
import { placeOf } from "../../lib/place";
import { recordAudit } from "../audit/audit-log";
import { hashToken, rememberDevice } from "./known-devices";
import type { SignIn } from "./sign-in-step";

const saveSession = (req: Request) =>
  new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));

/**
 * A sign-in from a device the account has not trusted, with device management on: the device is
 * recorded as waiting, a single-use approval link is mailed, and the session keeps only what the
 * sign-in needs to complete once the device is approved (by the link or by a signed-in device).
 */
export async function awaitDeviceApproval(options: SignIn): Promise<{ deviceApprovalRequired: true }> {
  const { deps, req, res, user } = options;
  const { db } = deps;
  const meta = requestMeta(req);
  const token = randomBytes(32).toString("base64url");
  const { device } = await rememberDevice({
    db,
    req,
    res,
    userId: user.id,
    secure: deps.config.secureCookies,
    pending: true,
  });
  const link = new URL(`${APPROVE_DEVICE_PATH}?token=${token}`, deps.config.appUrl).toString();
  const place = placeOf(meta.address);
  await db.transaction(async (tx) => {
    await tx
      .update(knownDevices)
      .set({ approvalTokenHash: hashToken(token), lastSeenAt: new Date() })
      .where(eq(knownDevices.id, device.id));
    await recordAudit(tx, {
      userId: user.id,
      event: "device_approval_requested",
      meta,
      detail: { deviceId: device.id },
    });
    await deps.mailer.send(tx, {
      to: user.email,
      subject: "Approve a sign-in to your ParkPilot account",
      body: [
        `Hi ${user.name},`,
        "",
        `Someone signed in to your account with the right password from a device it has not used before:`,
        `${describeDevice(meta.userAgent)} at ${meta.address}${place ? ` (${place})` : ""}.`,
        "",
        "If it was you, approve the device within 30 minutes (the link works once):",
        link,
        "",
        "You can also approve it from a device where you are signed in: Settings → Security → Devices.",
        "If it was not you, do not approve it; change your password.",
      ].join("\n"),
    });
  });
  delete req.session.pendingSignIn;
  req.session.pendingDevice = {
    userId: user.id,
    deviceId: device.id,
    method: options.method,
    at: Date.now(),
  };
  await saveSession(req);
  return { deviceApprovalRequired: true };
}

/** Marks a waiting device trusted; false when it is not the user's or not waiting. */
async function approve(
  db: DbOrTx,
  where: ReturnType<typeof and>,
): Promise<{ id: string; userId: string } | null> {
  const [approved] = await db
    .update(knownDevices)
    .set({ approvedAt: new Date(), approvalTokenHash: null })
    .where(and(where, isNull(knownDevices.approvedAt)))
    .returning({ id: knownDevices.id, userId: knownDevices.userId });
  return approved ?? null;
}

/** The mailed link: approves the device it was sent for, within 30 minutes, once. */
export async function approveDeviceByLink(options: { db: DbOrTx; req: Request; token: string }) {
  const { db, req } = options;
  const approved = await approve(
    db,
    and(
      eq(knownDevices.approvalTokenHash, hashToken(options.token)),
      gt(knownDevices.lastSeenAt, new Date(Date.now() - DEVICE_APPROVAL_MS)),
    ),
  );
  if (!approved) throw new AppError("BAD_REQUEST", "This approval link is invalid or has expired.");
  await recordAudit(db, {
    userId: approved.userId,
    event: "device_approved",
    meta: requestMeta(req),
    detail: { deviceId: approved.id, by: "email link" },
  });
  return { approved: true as const };
}

/** A signed-in (so trusted) device approves one of the account's waiting devices. */
export async function approveDeviceById(options: { db: DbOrTx; req: Request; userId: string; id: string }) {
  const { db, userId } = options;
  const approved = await approve(db, and(eq(knownDevices.id, options.id), eq(knownDevices.userId, userId)));
  if (!approved) throw new AppError("NOT_FOUND", "No device of yours is waiting for approval under this id.");
  await recordAudit(db, {
    userId,
    event: "device_approved",
    meta: requestMeta(options.req),
    detail: { deviceId: approved.id, by: "trusted device" },
  });
  return { approved: true as const };
}
