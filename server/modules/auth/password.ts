import { loadOnce } from "../../lib/load-once";

// The hashing library loads with the first password hashed or checked, not with every start.
const argon2 = loadOnce(() => import("@node-rs/argon2"));

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. Test suites (NODE_ENV=test) hash
// about fifteen hundred passwords a run and take argon2id's minimum cost instead; a hash carries
// its parameters, so either verifies anywhere.
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */ as const,
  ...(process.env.NODE_ENV === "test" ? { memoryCost: 8, timeCost: 1 } : { memoryCost: 19_456, timeCost: 2 }),
  parallelism: 1,
};

export const hashPassword = async (password: string) => (await argon2()).hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await (await argon2()).verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** A hash of nothing in particular: verifying against it keeps unknown accounts as slow as known ones. */
export const dummyHash = () => {
  dummy ??= hashPassword("not-a-real-password");
  return dummy;
};
