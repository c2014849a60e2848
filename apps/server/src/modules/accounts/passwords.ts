import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with its default cost: 19 MiB, 2 passes. */
export const hashPassword = (password: string) => hash(password);

/**
 * A hash of a throw-away password, checked when the account does not exist, so an unknown
 * username takes as long to refuse as a wrong password.
 */
let decoy: Promise<string> | undefined;
const decoyHash = () => (decoy ??= hash('decoy-password-never-used-1'));

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash ?? (await decoyHash()), password);
  } catch {
    return false;
  }
}
