import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm is an ambient const enum, which isolated modules cannot read: 2 is its Argon2id.
// eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment -- the enum's own value, see above
const ARGON2ID = 2 as Algorithm;

/** argon2id with OWASP's recommended floor (19 MiB, 2 passes, 1 lane). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

/** A fixed hash to verify against when the e-mail is unknown, so timing does not reveal accounts. */
let decoy: Promise<string> | undefined;

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    decoy ??= hashPassword('decoy-password-never-matches');
    await verify(await decoy, password);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
