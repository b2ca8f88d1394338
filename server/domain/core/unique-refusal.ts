import type { ErrorName } from '../../../src/protocol';

/**
 * The unique indexes that stand for a rule users meet, with the refusal they mean. Handlers check
 * these first; the index decides only when two commands race past the check together. The loser
 * runs again (lostRace) and its check then names the refusal; this map answers when the race
 * goes on longer than the retries.
 */
export const UNIQUE_REFUSALS: Readonly<Record<string, ErrorName>> = {
  teams_org_name: 'TEAM_EXISTS',
  roles_org_name: 'ROLE_EXISTS',
  users_email_unique: 'EMAIL_ALREADY_USED',
  client_statuses_org_name: 'PROFILE_STATUS_EXISTS',
  companies_org_outer: 'OUTER_COMPANY_EXISTS',
  client_contacts_address: 'PROFILE_CONTACT_EXISTS',
  client_contacts_identity: 'PROFILE_CONTACT_EXISTS',
  blacklist_org_entry: 'BLACKLIST_ENTRY_EXISTS',
  channels_org_name: 'SERVICE_ACCOUNT_DUPLICATE_NAME',
  channels_provider_identity: 'SERVICE_ACCOUNT_EXISTS',
  // Top-level or not, a race on a sibling's name: the retried handler names which (category-tree.ts).
  request_categories_sibling_name: 'SESSION_CATEGORY_EXISTS',
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

/** SQLSTATEs of a transaction that lost to a concurrent one and may succeed or be refused by name if run again. */
const RACE_STATES = new Set([
  '23505', // unique_violation: a concurrent command inserted the same key first
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

/** Whether a failed transaction lost a race (possibly wrapped, as Drizzle wraps a driver's error). */
export function lostRace(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && RACE_STATES.has(code)) return true;
  }
  return false;
}
