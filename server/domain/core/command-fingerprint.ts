import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map(
        (key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`,
      );
    return `{${entries.join(',')}}`;
  }
  // Parsed JSON holds nothing else; undefined (absent) reads as null, as JSON.stringify would.
  return value === undefined ? 'null' : JSON.stringify(value);
}

/**
 * A digest of what a command asked for, its type and payload as sent. A retry of the same command
 * matches it whatever order its keys arrive in; the same id with anything else does not.
 */
export const commandFingerprint = (type: string, payload: unknown): string =>
  createHash('sha256').update(canonicalJson({ type, payload })).digest('base64url');
