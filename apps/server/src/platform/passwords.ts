import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB memory, 2 passes, 1 lane. */
const ARGON2ID = 2; // Algorithm.Argon2id, a const enum that isolated modules cannot import
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verifying against a throwaway hash keeps response time equal whether or not the account exists. */
let decoyHash: Promise<string> | undefined;
export async function verifyDecoy(password: string): Promise<void> {
  decoyHash ??= hashPassword('decoy-password-for-timing');
  await verifyPassword(await decoyHash, password);
}
