import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { encodeCBOR } from "@levischuck/tiny-cbor";
import type request from "supertest";
import { PASSKEY_PATHS } from "../../shared/api/auth/passkeys";

/**
 * A software authenticator (an ES256 key per credential), answering the server's WebAuthn
 * options as a browser would: "none" attestation, signed assertions with a rising counter.
 * The browser suite uses Chromium's own virtual authenticator instead.
 */
export interface SoftCredential {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString("base64url");
const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

/** Answers creation options (`register/options`); the origin must be the app's public origin. */
export function createCredential(
  options: { challenge: string; rp: { id?: string }; user: { id: string } },
  origin: string,
) {
  const rpId = options.rp.id ?? new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const cose = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x as string, "base64url")],
    [-3, Buffer.from(jwk.y as string, "base64url")],
  ]);
  const credentialId = randomBytes(32);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
    Buffer.alloc(4),
    Buffer.alloc(16),
    idLength,
    credentialId,
    Buffer.from(encodeCBOR(cose)),
  ]);
  const clientDataJSON = Buffer.from(
    JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin, crossOrigin: false }),
  );
  const attestationObject = Buffer.from(
    encodeCBOR(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]) as never,
    ),
  );
  const id = b64url(credentialId);
  const credential: SoftCredential = { id, rpId, userHandle: options.user.id, privateKey, counter: 0 };
  const response = {
    id,
    rawId: id,
    type: "public-key",
    response: {
      clientDataJSON: b64url(clientDataJSON),
      attestationObject: b64url(attestationObject),
      transports: ["internal"],
    },
    clientExtensionResults: {},
    authenticatorAttachment: "platform",
  };
  return { credential, response };
}

/** Answers request options (`login/options`) with the credential, its counter one higher. */
export function assert(credential: SoftCredential, options: { challenge: string }, origin: string) {
  credential.counter += 1;
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(credential.counter);
  const authData = Buffer.concat([sha256(credential.rpId), Buffer.from([FLAG_UP | FLAG_UV]), counter]);
  const clientDataJSON = Buffer.from(
    JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin, crossOrigin: false }),
  );
  const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
  return {
    id: credential.id,
    rawId: credential.id,
    type: "public-key",
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: credential.userHandle,
    },
    clientExtensionResults: {},
    authenticatorAttachment: "platform",
  };
}

/** Registers a passkey (or security key) for the agent's account; answers the credential and the stored row. */
export async function registerPasskey(
  agent: request.Agent,
  origin: string,
  kind: "passkey" | "security-key" = "passkey",
  name?: string,
) {
  const options = await agent.post(PASSKEY_PATHS.registerOptions).send({ kind });
  if (options.status !== 200) {
    throw new Error(`register/options: ${options.status} ${JSON.stringify(options.body)}`);
  }
  const { credential, response } = createCredential(options.body, origin);
  const verified = await agent.post(PASSKEY_PATHS.registerVerify).send({ response, name });
  if (verified.status !== 201) {
    throw new Error(`register/verify: ${verified.status} ${JSON.stringify(verified.body)}`);
  }
  return { credential, passkey: verified.body.passkey as { id: string; name: string; kind: string } };
}
