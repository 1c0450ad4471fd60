import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id floor (19 MiB, 2 passes): about 40 ms per hash on one core here. */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2ID);

// Checked when no account has the email, so that an unknown email takes as long as a wrong password.
let decoy: Promise<string> | undefined;

/** Whether the password matches the hash; without a hash it still does the work of a check, and answers false. */
export async function passwordMatches(storedHash: string | undefined, password: string): Promise<boolean> {
  const target = storedHash ?? (await (decoy ??= hashPassword('not a password of anyone')));
  const matches = await verify(target, password).catch(() => false);
  return storedHash !== undefined && matches;
}
