import { sql } from 'drizzle-orm';
import type { CommandScope } from './command-scope';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';

/**
 * Takes, until the transaction ends, the lock of one customer as a channel knows them. Every
 * command that may open a chat for them holds it while it looks for their open chat: two first
 * messages arriving together, or a staff member starting a chat while the customer writes, must
 * not create two clients or open two chats.
 */
export async function lockCustomer(
  scope: CommandScope,
  channelId: string,
  externalId: string,
): Promise<void> {
  await scope.tx.execute(
    sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.customer}, hashtext(${`${channelId}:${externalId}`}))`,
  );
}
