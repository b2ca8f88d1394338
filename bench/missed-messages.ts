import { newId } from '../src/protocol';
import type { Database } from '../server/db/database';
import { executeCommand } from '../server/domain/execute-command';
import { systemClock } from '../server/clock';

/**
 * One customer message the way a channel hands it in (`message.receive`), straight through the
 * command path on the server's database: the events a browser then has to catch up with. Three
 * hundred customers take turns, so chats get several messages each, as they do while an operator
 * is away.
 */
export async function customerWritesWhileAway(
  database: Database,
  orgId: string,
  channelId: string,
  n: number,
): Promise<void> {
  const result = await executeCommand(
    { database, clock: systemClock, wake: () => undefined },
    { orgId, actor: { kind: 'channel', id: channelId }, viewer: null },
    {
      id: newId(),
      type: 'message.receive',
      payload: {
        channelId,
        client: { externalId: `missed-${String(n % 300)}`, name: `Missed ${String(n % 300)}` },
        text: `While you were away ${String(n)}`,
      },
    },
  );
  if (!result.ok) throw new Error(`message.receive refused: ${JSON.stringify(result)}`);
}
