import { createHash } from 'node:crypto';
import { lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rateLimitWindows } from '../db/schema';
import type { Clock } from '../clock';
import { fail } from '../domain/core/domain-error';

/** At most `max` requests per subject in each window of `windowMs`, counted under `name`. */
export type RateLimit = { name: string; max: number; windowMs: number };

/** One request counted against a limit for a subject: a client address, an account. */
export type Charge = { limit: RateLimit; subject: string };

/**
 * The row key of a charge. Subjects are digested: the table never holds the addresses and
 * e-mails it counts, and every key has the same short length whatever the subject's.
 */
const keyOf = ({ limit, subject }: Charge): string =>
  `${limit.name}:${createHash('sha256').update(subject).digest('base64url')}`;

/**
 * Counts requests in fixed windows, in the database: every server instance on it counts together
 * (DESIGN §4: instances are stateless, PostgreSQL is the one shared engine), a restart forgets
 * nothing, and windows follow the injectable clock.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts one request against every charge, then refuses with TOO_MANY_REQUESTS (its
   * `retryAfter` in whole seconds) when any of them is over its limit. A refused request still
   * counts: whoever keeps trying stays refused until the window ends. Each charge names a limit
   * of its own (one statement cannot count one key twice).
   */
  async take(charges: readonly Charge[]): Promise<void> {
    if (charges.length === 0) return;
    const now = this.clock.now();
    const rows = charges
      .map((charge) => ({
        key: keyOf(charge),
        hits: 1,
        resetsAt: new Date(now.getTime() + charge.limit.windowMs),
        max: charge.limit.max,
      }))
      // One lock order for every request, so two requests charging the same keys never wait on
      // each other in a cycle.
      .sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
    const ended = sql`${rateLimitWindows.resetsAt} <= ${now.toISOString()}::timestamptz`;
    // One statement per request: the insert-or-count is atomic, however many instances race.
    const counted = await this.db
      .insert(rateLimitWindows)
      .values(rows.map(({ key, hits, resetsAt }) => ({ key, hits, resetsAt })))
      .onConflictDoUpdate({
        target: rateLimitWindows.key,
        set: {
          hits: sql`case when ${ended} then 1 else ${rateLimitWindows.hits} + 1 end`,
          resetsAt: sql`case when ${ended} then excluded.resets_at else ${rateLimitWindows.resetsAt} end`,
        },
      })
      .returning();
    const maxOf = new Map(rows.map((row) => [row.key, row.max]));
    const over = counted.filter((window) => window.hits > (maxOf.get(window.key) ?? Infinity));
    if (over.length === 0) return;
    const until = Math.max(...over.map((window) => window.resetsAt.getTime()));
    fail('TOO_MANY_REQUESTS', {
      retryAfter: Math.max(1, Math.ceil((until - now.getTime()) / 1000)),
    });
  }
}

/** Deletes the windows that have ended; a subject seen again starts a new one. */
export async function pruneRateLimitWindows(db: Db, now: Date): Promise<{ deleted: number }> {
  const gone = await db
    .delete(rateLimitWindows)
    .where(lte(rateLimitWindows.resetsAt, now))
    .returning({ key: rateLimitWindows.key });
  return { deleted: gone.length };
}
