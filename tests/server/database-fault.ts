import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/database';

/**
 * A fault of the database itself, for real: a trigger that fails every message whose text holds
 * `marker`, as a value the database refuses, a full disk or a broken constraint would. Nothing in
 * the server expects it, so it reaches the command route as the unexpected error it is. Returns
 * the repair.
 */
export async function breakMessagesHolding(
  database: Database,
  marker: string,
): Promise<() => Promise<void>> {
  const { db } = database;
  const name = `test_fail_${marker
    .replace(/[^a-z0-9]/gi, '')
    .slice(-12)
    .toLowerCase()}`;
  await db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin
        if position('${marker.replace(/'/g, "''")}' in new.text) > 0 then
          raise exception 'storage failed';
        end if;
        return new;
      end $$`),
  );
  await db.execute(
    sql.raw(`create trigger ${name} before insert on messages
      for each row execute function ${name}()`),
  );
  return async () => {
    await db.execute(sql.raw(`drop trigger ${name} on messages`));
    await db.execute(sql.raw(`drop function ${name}()`));
  };
}
