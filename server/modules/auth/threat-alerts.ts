import { and, count, eq, gt } from "drizzle-orm";
import { accountEvents, auditLog, knownDevices } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";
import type { RequestMeta } from "../../http/request-meta";
import { describeDevice } from "../../lib/device-name";
import { placeOf } from "../../lib/place";
import type { Mailer } from "../../mail/mailer";
import { hasAddOn } from "../entitlements/require-add-on";
import { hasSecurityLevel } from "../entitlements/security-level";
import { notify } from "../notifications/notify";
import { NO_ACCOUNT } from "./known-devices";

/** Failed sign-ins within this window that raise an alert, once, when the count reaches it. */
export const FAILED_SIGN_INS_ALERT = 5;
const FAILED_WINDOW_MS = 15 * 60 * 1000;

interface SecurityAlert {
  userId: string;
  subject: string;
  text: string;
  mail?: boolean;
}

/**
 * Threat monitoring (the add-on, docs/security.md#accounts-and-sign-in): an alert in the account's activity and, unless the
 * owner is mailed about it already, by email. Without the add-on nothing happens.
 */
export async function raiseThreatAlert(
  deps: { db: DbOrTx; mailer: Mailer },
  alert: SecurityAlert,
): Promise<void> {
  if (!(await hasAddOn(deps.db, alert.userId, "threat-monitoring"))) return;
  await raiseSecurityAlert(deps, alert);
}

/**
 * Sign-in alerts come with every Enhanced Security level (Basic alone too) and with the
 * threat-monitoring add-on, which an account plan may include.
 */
async function signInAlertsOn(db: DbOrTx, userId: string): Promise<boolean> {
  return (await hasSecurityLevel(db, userId)) || (await hasAddOn(db, userId, "threat-monitoring"));
}

async function raiseSecurityAlert(deps: { db: DbOrTx; mailer: Mailer }, alert: SecurityAlert): Promise<void> {
  const { db, mailer } = deps;
  await db
    .insert(accountEvents)
    .values({ userId: alert.userId, kind: "security_alert", description: alert.text });
  const mail = {
    mailer,
    subject: `Security alert: ${alert.subject}`,
    body: [
      alert.text,
      "",
      "If this was you, there is nothing to do. If it was not, change your password and use",
      "Settings → Security → Lock down my account.",
    ].join("\n"),
  };
  await notify(
    db,
    {
      userId: alert.userId,
      kind: "security_alert",
      title: `Security alert: ${alert.subject}`,
      body: alert.text,
      href: "/settings#security-settings",
    },
    alert.mail === false ? undefined : mail,
  );
}

const where = (meta: RequestMeta) => {
  const place = placeOf(meta.address);
  return `${describeDevice(meta.userAgent)} at ${meta.address}${place ? ` (${place})` : ""}`;
};

/**
 * After a sign-in: an alert when the device is new to the account, or when the sign-in comes from
 * a country none of the account's other devices was last seen in (for accounts that have sign-in
 * alerts).
 */
export async function alertOnSignIn(
  deps: { db: DbOrTx; mailer: Mailer },
  options: { userId: string; deviceId: string; isNewDevice: boolean; meta: RequestMeta },
): Promise<void> {
  const { db } = deps;
  const { userId, meta } = options;
  const country = placeOf(meta.address);
  let newCountry = false;
  if (country) {
    const others = await db
      .select({ id: knownDevices.id, address: knownDevices.address })
      .from(knownDevices)
      .where(eq(knownDevices.userId, userId));
    const seen = others.filter((d) => d.id !== options.deviceId).map((d) => placeOf(d.address));
    newCountry = seen.length > 0 && !seen.includes(country);
  }
  if (!options.isNewDevice && !newCountry) return;
  if (!(await signInAlertsOn(db, userId))) return;
  const what =
    options.isNewDevice && newCountry
      ? "a new device in a new country"
      : newCountry
        ? "a new country"
        : "a new device";
  await raiseSecurityAlert(deps, {
    userId,
    subject: `sign-in from ${what}`,
    text: `Your account was signed in from ${what}: ${where(meta)}.`,
  });
}

/**
 * After a failed sign-in: an alert when the account's recent failures reach the threshold. An
 * unknown account (no `userId`) is counted all the same, as no one's, so that a failure takes as
 * long whether the account exists or not.
 */
export async function alertOnFailedSignIn(
  deps: { db: DbOrTx; mailer: Mailer },
  options: { userId: string | undefined; meta: RequestMeta },
): Promise<void> {
  const since = new Date(Date.now() - FAILED_WINDOW_MS);
  const [failed] = await deps.db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.userId, options.userId ?? NO_ACCOUNT),
        eq(auditLog.event, "sign_in_failed"),
        gt(auditLog.createdAt, since),
      ),
    );
  if (!options.userId || failed.n !== FAILED_SIGN_INS_ALERT) return;
  await raiseThreatAlert(deps, {
    userId: options.userId,
    subject: "failed sign-ins",
    text: `${FAILED_SIGN_INS_ALERT} sign-in attempts to your account failed in the last 15 minutes, the latest from ${where(options.meta)}.`,
  });
}
