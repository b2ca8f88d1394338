import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: bearer tokens and login tickets. */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored only as digests; a fast hash suffices for 256-bit random secrets. */
export const digestToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');
