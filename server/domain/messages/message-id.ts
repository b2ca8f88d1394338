import { eq } from 'drizzle-orm';
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
