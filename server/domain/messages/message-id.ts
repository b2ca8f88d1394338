import { eq, inArray } from 'drizzle-orm';
import { messages } from '../../db/schema';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';

/**
 * The id a new message is stored under: the sender's own, which it keeps forever (DESIGN §3), or
 * a fresh one. A sender's id that some message already has is refused, so no message is
 * overwritten or written twice.
 */
export async function newMessageId(
  scope: CommandScope,
  requested: string | undefined,
): Promise<string> {
  if (requested === undefined) return scope.newId();
  const [taken] = await scope.tx
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.id, requested));
  if (taken) fail('VALIDATION_FAILED', { field: 'messageId' });
  return requested;
}

/**
 * Which of the senders' own message ids some message already has, in one read: a group of
 * messages written together (receive-together.ts, send-together.ts) leaves those to the one-by-one
 * handler, which refuses them as newMessageId does.
 */
export async function takenMessageIds(
  scope: CommandScope,
  items: readonly { payload: { messageId?: string | undefined } }[],
): Promise<Set<string>> {
  const own = items.flatMap((item) =>
    item.payload.messageId === undefined ? [] : [item.payload.messageId],
  );
  if (own.length === 0) return new Set();
  const rows = await scope.tx
    .select({ id: messages.id })
    .from(messages)
    .where(inArray(messages.id, own));
  return new Set(rows.map((row) => row.id));
}
