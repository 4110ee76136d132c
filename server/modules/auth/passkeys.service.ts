import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { TPasskey, TPasskeyKind, TPasskeysAnswer } from "../../../shared/api/auth/passkeys";
import { passkeys, users } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";
import { AppError, notFound } from "../../http/app-error";
import { addOnMissing, hasAddOn, type SecurityAddOn } from "../entitlements/require-add-on";
import { isTwoFactorOn } from "./two-factor.service";

/**
 * The WebAuthn library, loaded with the first passkey ceremony rather than at start: it and its
 * certificate parsers are some 110 ms of a start that most runs never use.
 */
let simpleWebAuthn:
  | Promise<[typeof import("@simplewebauthn/server"), typeof import("@simplewebauthn/server/helpers")]>
  | undefined;
const webAuthn = async () => {
  simpleWebAuthn ??= Promise.all([
    import("@simplewebauthn/server"),
    import("@simplewebauthn/server/helpers"),
  ]);
  const [server, helpers] = await simpleWebAuthn;
  return { ...server, isoBase64URL: helpers.isoBase64URL };
};

/** How long a WebAuthn challenge waits for its answer. */
const CHALLENGE_MS = 5 * 60 * 1000;
const RP_NAME = "ParkPilot";

/** Which add-on each kind of credential needs. */
export const ADD_ON_OF: Record<TPasskeyKind, SecurityAddOn> = {
  passkey: "biometric",
  "security-key": "2fa-premium",
};

/**
 * The relying party is the app's public origin (`PUBLIC_URL`), never a request's Host: the
 * browser's answer must name exactly this origin, and the credential is bound to its host name.
 */
export function relyingParty(appUrl: string): { rpID: string; origin: string } {
  const url = new URL(appUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/** The challenge of a WebAuthn ceremony under way, single use. */
export interface PendingCeremony {
  challenge: string;
  purpose: "register" | "login";
  kind?: TPasskeyKind;
  at: number;
}

/**
 * Where a ceremony's challenge waits for the browser's answer, between two requests: the signed-in
 * browser's session, handed over by the routes. What the ceremonies read and write of it, and how
 * it is saved; the service knows nothing of the web framework that keeps it.
 */
export interface CeremonySession {
  webauthn?: PendingCeremony;
  /** The password sign-in awaiting its second factor, if any. */
  readonly pendingSignIn?: { userId: string };
  save(callback: (err?: unknown) => void): void;
}

const saveSession = (session: CeremonySession) =>
  new Promise<void>((resolve, reject) => session.save((err) => (err ? reject(err) : resolve())));

/** Takes the challenge out of the session (single use); refuses an old or missing one. */
function takeChallenge(session: CeremonySession, purpose: "register" | "login") {
  const pending = session.webauthn;
  delete session.webauthn;
  if (!pending || pending.purpose !== purpose || Date.now() - pending.at > CHALLENGE_MS) {
    throw new AppError("BAD_REQUEST", "This passkey request has expired. Please try again.");
  }
  return pending;
}

const refused = () => new AppError("UNAUTHORIZED", "That passkey could not be verified. Please try again.");

async function heldAddOns(db: DbOrTx, userId: string) {
  const [biometric, twoFactorPremium] = await Promise.all([
    hasAddOn(db, userId, "biometric"),
    hasAddOn(db, userId, "2fa-premium"),
  ]);
  return { biometric, twoFactorPremium };
}

const usableKinds = (held: { biometric: boolean; twoFactorPremium: boolean }): TPasskeyKind[] => [
  ...(held.biometric ? (["passkey"] as const) : []),
  ...(held.twoFactorPremium ? (["security-key"] as const) : []),
];

function credentialsOf(db: DbOrTx, userId: string) {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
}

/** Settings → Security: the user's credentials, whether each can be used now, and Premium 2FA's switch. */
export async function listPasskeys(db: DbOrTx, userId: string): Promise<TPasskeysAnswer> {
  const [rows, held, [user]] = await Promise.all([
    credentialsOf(db, userId),
    heldAddOns(db, userId),
    db.select({ required: users.requireTwoFactor }).from(users).where(eq(users.id, userId)),
  ]);
  const usable = usableKinds(held);
  return {
    passkeys: rows.map(
      (r): TPasskey => ({
        id: r.id,
        kind: r.kind as TPasskeyKind,
        name: r.name,
        deviceType: r.deviceType,
        backedUp: r.backedUp,
        createdAt: r.createdAt.toISOString(),
        lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
        usable: usable.includes(r.kind as TPasskeyKind),
      }),
    ),
    requireTwoFactor: Boolean(user?.required) && held.twoFactorPremium,
    addOns: held,
  };
}

/** Step one of adding a credential: creation options, excluding the user's existing ones. */
export async function registrationOptions(options: {
  db: DbOrTx;
  session: CeremonySession;
  appUrl: string;
  userId: string;
  kind: TPasskeyKind;
}) {
  const { db, session, userId, kind } = options;
  if (!(await hasAddOn(db, userId, ADD_ON_OF[kind]))) throw addOnMissing(ADD_ON_OF[kind]);
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("UNAUTHORIZED", "Please sign in to continue");
  const existing = await credentialsOf(db, userId);
  const { rpID } = relyingParty(options.appUrl);
  const { generateRegistrationOptions, isoBase64URL } = await webAuthn();
  const creation = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: isoBase64URL.toBuffer(isoBase64URL.fromUTF8String(user.id)),
    attestationType: "none",
    excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: c.transports })),
    authenticatorSelection:
      kind === "passkey"
        ? { residentKey: "required", userVerification: "required" }
        : {
            residentKey: "discouraged",
            userVerification: "discouraged",
            authenticatorAttachment: "cross-platform",
          },
  });
  session.webauthn = { challenge: creation.challenge, purpose: "register", kind, at: Date.now() };
  await saveSession(session);
  return creation;
}

/** Step two: verifies the browser's answer against the challenge and stores the credential. */
export async function registerPasskey(options: {
  db: DbOrTx;
  session: CeremonySession;
  appUrl: string;
  userId: string;
  response: RegistrationResponseJSON;
  name?: string;
}): Promise<TPasskey> {
  const { db, session, userId } = options;
  const pending = takeChallenge(session, "register");
  await saveSession(session);
  const kind = pending.kind ?? "passkey";
  if (!(await hasAddOn(db, userId, ADD_ON_OF[kind]))) throw addOnMissing(ADD_ON_OF[kind]);
  const { rpID, origin } = relyingParty(options.appUrl);
  const { verifyRegistrationResponse, isoBase64URL } = await webAuthn();
  const verification = await verifyRegistrationResponse({
    response: options.response,
    expectedChallenge: pending.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: kind === "passkey",
  }).catch(() => {
    throw new AppError("BAD_REQUEST", "That passkey could not be verified. Please try again.");
  });
  if (!verification.verified) {
    throw new AppError("BAD_REQUEST", "That passkey could not be verified. Please try again.");
  }
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const [{ n }] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  const name = options.name ?? (kind === "passkey" ? `Passkey ${n + 1}` : `Security key ${n + 1}`);
  const [row] = await db
    .insert(passkeys)
    .values({
      userId,
      kind,
      name,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError("CONFLICT", "This passkey is already registered.");
  return {
    id: row.id,
    kind,
    name: row.name,
    deviceType: row.deviceType,
    backedUp: row.backedUp,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: null,
    usable: true,
  };
}

/**
 * The credentials that can serve as the second factor of a password sign-in now: passkeys while
 * the biometric add-on is held, security keys while 2fa-premium is.
 */
export async function secondFactorCredentials(db: DbOrTx, userId: string) {
  const kinds = usableKinds(await heldAddOns(db, userId));
  if (kinds.length === 0) return [];
  const rows = await credentialsOf(db, userId);
  return rows.filter((r) => kinds.includes(r.kind as TPasskeyKind));
}

/**
 * Which second factors a password sign-in can be followed by: the authenticator app (free), a
 * passkey or security key (while its add-on is held). Either one makes the second step required.
 */
export async function secondFactorsOf(db: DbOrTx, userId: string) {
  const [totp, keys] = await Promise.all([isTwoFactorOn(db, userId), secondFactorCredentials(db, userId)]);
  return { totp, webauthn: keys.length > 0 };
}

/** Login options: for the pending password sign-in's user (second factor), or passwordless. */
export async function loginOptions(options: { db: DbOrTx; session: CeremonySession; appUrl: string }) {
  const { db, session } = options;
  const { rpID } = relyingParty(options.appUrl);
  const pending = session.pendingSignIn;
  let allowCredentials: { id: string; transports?: string[] }[] | undefined;
  if (pending) {
    const keys = await secondFactorCredentials(db, pending.userId);
    if (keys.length === 0) throw addOnMissing("biometric");
    allowCredentials = keys.map((k) => ({ id: k.credentialId, transports: k.transports }));
  }
  const { generateAuthenticationOptions } = await webAuthn();
  const request = await generateAuthenticationOptions({
    rpID,
    allowCredentials,
    userVerification: pending ? "preferred" : "required",
  });
  session.webauthn = { challenge: request.challenge, purpose: "login", at: Date.now() };
  await saveSession(session);
  return request;
}

/**
 * Verifies a sign-in assertion: the credential must exist, belong to the pending sign-in's user
 * when there is one, and its kind's add-on must be held; passwordless takes passkeys only, with
 * user verification. The signature counter must move forward (a cloned key is refused).
 */
export async function verifyLogin(options: {
  db: DbOrTx;
  session: CeremonySession;
  appUrl: string;
  response: AuthenticationResponseJSON;
}): Promise<{ userId: string; kind: TPasskeyKind; secondFactor: boolean }> {
  const { db, session, response } = options;
  const pending = takeChallenge(session, "login");
  const pendingSignIn = session.pendingSignIn;
  await saveSession(session);
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
  if (!row) throw refused();
  const kind = row.kind as TPasskeyKind;
  if (pendingSignIn && row.userId !== pendingSignIn.userId) throw refused();
  if (!pendingSignIn && kind !== "passkey") {
    throw new AppError("BAD_REQUEST", "A security key is a second factor: sign in with your password first.");
  }
  if (!(await hasAddOn(db, row.userId, ADD_ON_OF[kind]))) throw addOnMissing(ADD_ON_OF[kind]);
  const { rpID, origin } = relyingParty(options.appUrl);
  const { verifyAuthenticationResponse, isoBase64URL } = await webAuthn();
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: pending.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: row.credentialId,
      publicKey: isoBase64URL.toBuffer(row.publicKey),
      counter: row.counter,
      transports: row.transports,
    },
    requireUserVerification: !pendingSignIn,
  }).catch(() => {
    throw refused();
  });
  if (!verification.verified) throw refused();
  const { newCounter } = verification.authenticationInfo;
  // Conditional, so two uses of one assertion (or a clone's) cannot both pass.
  const [updated] = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: new Date() })
    .where(
      and(
        eq(passkeys.id, row.id),
        newCounter === 0 ? sql`${passkeys.counter} = 0` : sql`${passkeys.counter} < ${newCounter}`,
      ),
    )
    .returning({ id: passkeys.id });
  if (!updated) throw refused();
  return { userId: row.userId, kind, secondFactor: Boolean(pendingSignIn) };
}

export async function renamePasskey(db: DbOrTx, userId: string, id: string, name: string): Promise<void> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (!row) throw notFound("Passkey");
}

/** Removes a credential; with Premium 2FA's switch on, the last second factor cannot go. */
export async function removePasskey(db: DbOrTx, userId: string, id: string): Promise<TPasskeyKind> {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)));
  if (!row) throw notFound("Passkey");
  if (await isTwoFactorRequired(db, userId)) {
    const factors = await secondFactorsOf(db, userId);
    const others = (await secondFactorCredentials(db, userId)).filter((k) => k.id !== id);
    if (!factors.totp && others.length === 0) {
      throw new AppError(
        "CONFLICT",
        "Two-factor sign-in is required on this account: add another second factor or turn the requirement off first.",
      );
    }
  }
  await db.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)));
  return row.kind as TPasskeyKind;
}

/** With Premium 2FA's switch on, the authenticator app cannot be turned off unless a key remains. */
export async function assertCanDropAuthenticator(db: DbOrTx, userId: string): Promise<void> {
  if (!(await isTwoFactorRequired(db, userId))) return;
  if ((await secondFactorCredentials(db, userId)).length > 0) return;
  throw new AppError(
    "CONFLICT",
    "Two-factor sign-in is required on this account: add another second factor or turn the requirement off first.",
  );
}

/** Premium 2FA's switch counts only while the add-on is held. */
export async function isTwoFactorRequired(db: DbOrTx, userId: string): Promise<boolean> {
  const [user] = await db
    .select({ required: users.requireTwoFactor })
    .from(users)
    .where(eq(users.id, userId));
  return Boolean(user?.required) && (await hasAddOn(db, userId, "2fa-premium"));
}

/** Turns Premium 2FA's switch on (a second factor must be set up) or off. */
export async function setTwoFactorRequired(db: DbOrTx, userId: string, required: boolean): Promise<void> {
  if (!(await hasAddOn(db, userId, "2fa-premium"))) throw addOnMissing("2fa-premium");
  if (required) {
    const factors = await secondFactorsOf(db, userId);
    if (!factors.totp && !factors.webauthn) {
      throw new AppError(
        "CONFLICT",
        "Set up an authenticator app, a passkey or a security key before requiring two-factor sign-in.",
      );
    }
  }
  await db.update(users).set({ requireTwoFactor: required }).where(eq(users.id, userId));
}
