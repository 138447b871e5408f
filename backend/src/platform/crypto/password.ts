import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP Password Storage Cheat Sheet parameters (19 MiB, 2 iterations, 1 lane). */
export const ARGON2_PARAMS = {
  algorithm: 2, // Algorithm.Argon2id (a const enum, spelled out for isolated modules)
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

let dummyHash: Promise<string> | null = null;

/** Verifies a password. With no hash, verifies against a dummy so that the time taken gives nothing away. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('dummy-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
