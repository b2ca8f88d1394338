import type { ErrorName } from '../../src/protocol';

/**
 * The unique indexes that stand for a rule users meet, with the refusal they mean. Handlers check
 * these first; the index decides only when two commands race past the check together, and the
 * loser must hear the same named refusal, not a server error.
 */
export const UNIQUE_REFUSALS: Readonly<Record<string, ErrorName>> = {
  teams_org_name: 'TEAM_EXISTS',
  roles_org_name: 'ROLE_EXISTS',
  users_email_unique: 'EMAIL_ALREADY_USED',
};

/**
 * PostgreSQL's unique_violation, as node-postgres and PGlite report it (possibly wrapped, as
 * Drizzle wraps a driver's error in its cause), with the index it broke; null when the error is
 * something else.
 */
export function uniqueViolation(error: unknown): { constraint: string } | null {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return { constraint: typeof constraint === 'string' ? constraint : '' };
  }
  return null;
}

/** The named refusal a broken index means, or undefined for one no rule stands behind. */
export const uniqueRefusal = (violation: { constraint: string }): ErrorName | undefined =>
  Object.hasOwn(UNIQUE_REFUSALS, violation.constraint)
    ? UNIQUE_REFUSALS[violation.constraint]
    : undefined;
