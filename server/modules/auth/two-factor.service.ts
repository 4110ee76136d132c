import { createHash, randomInt } from "node:crypto";
import { and, count, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import type { TTwoFactorSetup, TTwoFactorStatus } from "../../../shared/api/auth/security";
import { recoveryCodes, twoFactor, users } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";
import { AppError } from "../../http/app-error";
import { requireOnce } from "../../lib/load-once";
import { openTotpSecret, sealTotpSecret, type TotpKeys } from "./totp-secrets";

/** qrcode, loaded with the first authenticator set up rather than with every start. */
const qrcode = requireOnce<typeof import("qrcode")>("qrcode");

const ISSUER = "ParkPilot";
const RECOVERY_CODES = 10;
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

const totpFor = (secret: string, label = "") =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });

/** Recovery codes are random (about 50 bits each): a plain SHA-256 of them cannot be reversed. */
const hashCode = (code: string) =>
  createHash("sha256")
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ""))
    .digest("hex");

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}

const invalidCode = () => new AppError("UNAUTHORIZED", "That code isn't valid. Please try again.");

async function enabledRow(db: DbOrTx, userId: string) {
  const [row] = await db
    .select()
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)));
  return row;
}

export async function isTwoFactorOn(db: DbOrTx, userId: string): Promise<boolean> {
  return (await enabledRow(db, userId)) !== undefined;
}

export async function twoFactorStatus(options: { db: DbOrTx; userId: string }): Promise<TTwoFactorStatus> {
  const enabled = await isTwoFactorOn(options.db, options.userId);
  const [left] = await options.db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, options.userId), isNull(recoveryCodes.usedAt)));
  return { enabled, recoveryCodesLeft: enabled ? left.n : 0 };
}

/**
 * Accepts a TOTP code of this step or the one either side, once: the step is stored with a
 * conditional update, so a replayed code (or an older one) is refused even by a concurrent request.
 */
async function acceptTotp(
  db: DbOrTx,
  keys: TotpKeys,
  row: { userId: string; secret: string; secretKeyId: string | null },
  code: string,
) {
  if (!/^\d{6}$/.test(code)) return false;
  const totp = totpFor(openTotpSecret(keys, row));
  const delta = totp.validate({ token: code, window: 1 });
  if (delta === null) return false;
  const step = totp.counter() + delta;
  const [updated] = await db
    .update(twoFactor)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(twoFactor.userId, row.userId),
        or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ userId: twoFactor.userId });
  return updated !== undefined;
}

/** Spends a recovery code: each is accepted once, even by concurrent requests. */
async function acceptRecoveryCode(db: DbOrTx, userId: string, code: string) {
  const [used] = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used !== undefined;
}

/**
 * Checks the second factor of a user who has it on: an authenticator code, else a recovery
 * code. Answers which one was used; refuses a wrong or used code with 401.
 */
export async function checkSecondFactor(options: {
  db: DbOrTx;
  keys: TotpKeys;
  userId: string;
  code: string;
}): Promise<"totp" | "recovery"> {
  const { db, keys, userId } = options;
  const code = options.code.trim().replace(/\s/g, "");
  const row = await enabledRow(db, userId);
  if (!row) throw new AppError("CONFLICT", "Two-factor sign-in is not on for this account.");
  if (await acceptTotp(db, keys, row, code)) return "totp";
  if (await acceptRecoveryCode(db, userId, code)) return "recovery";
  throw invalidCode();
}

/** Starts enrolment: a new secret, kept unconfirmed until `enableTwoFactor` sees a code from it. */
export async function setupTwoFactor(options: {
  db: DbOrTx;
  keys: TotpKeys;
  userId: string;
}): Promise<TTwoFactorSetup> {
  const { db, keys, userId } = options;
  if (await isTwoFactorOn(db, userId)) {
    throw new AppError("CONFLICT", "Two-factor sign-in is already on. Turn it off first to start again.");
  }
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const secret = new Secret({ size: 20 }).base32;
  // Stored encrypted: a copy of the database alone gives no one the codes.
  const sealed = sealTotpSecret(keys, userId, secret);
  await db
    .insert(twoFactor)
    .values({ userId, ...sealed })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { ...sealed, lastUsedStep: null, enabledAt: null },
    });
  const otpauthUrl = totpFor(secret, user?.email ?? "").toString();
  const qrSvg = await qrcode().toString(otpauthUrl, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, otpauthUrl, qrSvg };
}

/** New recovery codes replace every earlier one; they are answered once and stored hashed. */
export async function regenerateRecoveryCodes(options: { db: DbOrTx; userId: string }): Promise<string[]> {
  const { db, userId } = options;
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashCode(code) })));
  return codes;
}

/** Confirms enrolment with a first code from the app; answers the recovery codes. */
export async function enableTwoFactor(options: {
  db: DbOrTx;
  keys: TotpKeys;
  userId: string;
  code: string;
}): Promise<string[]> {
  const { db, keys, userId } = options;
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
  if (!row) throw new AppError("CONFLICT", "Start the setup first: scan the QR code, then enter a code.");
  if (row.enabledAt) throw new AppError("CONFLICT", "Two-factor sign-in is already on.");
  if (!(await acceptTotp(db, keys, row, options.code.trim()))) throw invalidCode();
  await db.update(twoFactor).set({ enabledAt: new Date() }).where(eq(twoFactor.userId, userId));
  return regenerateRecoveryCodes({ db, userId });
}

export async function disableTwoFactor(options: { db: DbOrTx; userId: string }): Promise<void> {
  await options.db.delete(twoFactor).where(eq(twoFactor.userId, options.userId));
  await options.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, options.userId));
}
