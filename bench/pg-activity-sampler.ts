/**
 * A sampling profile of a PostgreSQL database: every few milliseconds, the statements its
 * backends are running (pg_stat_activity), tallied by their text. What one sample in ten holds
 * is about a tenth of the database's busy time, whichever instance sent it.
 */
import pg from 'pg';

export type ActivityProfile = {
  samples: number;
  /** Busy backends seen over all samples, by statement (its first 100 characters, spaces folded). */
  statements: { statement: string; seen: number }[];
  /** Samples in which backends waited on a lock, by the lock's kind (an advisory lock's key). */
  lockWaits: Record<string, number>;
};

export function sampleActivity(
  url: string,
  everyMs = 10,
): { stop: () => Promise<ActivityProfile> } {
  const client = new pg.Client({ connectionString: url });
  const tally = new Map<string, number>();
  const lockWaits: Record<string, number> = {};
  let samples = 0;
  let stopped = false;
  const running = () => !stopped;
  const loop = (async () => {
    await client.connect();
    while (running()) {
      const { rows } = await client.query<{ query: string; wait: string | null }>(
        `select a.query,
                case when a.wait_event_type = 'Lock'
                     then a.wait_event || coalesce(' ' || l.classid::text, '') end as wait
           from pg_stat_activity a
           left join pg_locks l on l.pid = a.pid and not l.granted and l.locktype = 'advisory'
          where a.datname = current_database() and a.state = 'active'
            and a.pid <> pg_backend_pid()`,
      );
      samples += 1;
      for (const row of rows) {
        const statement = row.query.replace(/\s+/g, ' ').slice(0, 100);
        tally.set(statement, (tally.get(statement) ?? 0) + 1);
        if (row.wait) lockWaits[row.wait] = (lockWaits[row.wait] ?? 0) + 1;
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
    await client.end();
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      const statements = [...tally]
        .map(([statement, seen]) => ({ statement, seen }))
        .sort((a, b) => b.seen - a.seen);
      return { samples, statements, lockWaits };
    },
  };
}
