import { and, eq, isNull } from 'drizzle-orm';
import { chats } from '../../db/schema';
import type { CommandScope } from '../core/command-scope';

/**
 * Asks for the queues holding a client's waiting chats to be served (before the command commits).
 * Distribution passes over a spam client's chats (serve-queue.ts), so when the flag is lifted
 * (client.setSpam) their chats wait in their teams' queues unoffered until this is called.
 */
export async function serveClientQueues(scope: CommandScope, clientId: string): Promise<void> {
  const waiting = await scope.tx
    .selectDistinct({ teamId: chats.teamId })
    .from(chats)
    .where(
      and(
        eq(chats.orgId, scope.orgId),
        eq(chats.clientId, clientId),
        eq(chats.status, 'pending'),
        isNull(chats.operatorId),
      ),
    );
  scope.serveTeams(waiting.map((row) => row.teamId));
}
