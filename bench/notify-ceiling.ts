/**
 * The next limit of the scale-out design, measured on the PostgreSQL at hand: a transaction that
 * NOTIFYs takes a database-wide lock at commit and holds it through its commit record's flush, so
 * notifying commits run one at a time however many writers there are (async.c, PreCommit_Notify).
 * Writers commit small transactions for a few seconds, with and without a NOTIFY; the rate with
 * it is the ceiling on notifying commits, which group commit multiplies by the commands a group
 * carries.
 */
import pg from 'pg';

export type NotifyCeiling = {
  writers: number;
  seconds: number;
  withNotify: number;
  without: number;
};

async function commitsPerSecond(
  url: string,
  writers: number,
  seconds: number,
  notify: boolean,
): Promise<number> {
  const clients = await Promise.all(
    Array.from({ length: writers }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  try {
    await clients[0]?.query(
      'create table if not exists bench_notify_ceiling (id bigserial primary key, at timestamptz not null default now())',
    );
    let commits = 0;
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() < until) {
          await client.query('begin');
          await client.query('insert into bench_notify_ceiling default values');
          if (notify) await client.query(`select pg_notify('bench_notify_ceiling', 'x')`);
          await client.query('commit');
          commits += 1;
        }
      }),
    );
    return commits / seconds;
  } finally {
    await clients[0]?.query('drop table if exists bench_notify_ceiling');
    await Promise.all(clients.map((client) => client.end()));
  }
}

export async function notifyCeiling(
  url: string,
  writers = 16,
  seconds = 5,
): Promise<NotifyCeiling> {
  const without = await commitsPerSecond(url, writers, seconds, false);
  const withNotify = await commitsPerSecond(url, writers, seconds, true);
  return { writers, seconds, withNotify, without };
}
