import { and, eq } from 'drizzle-orm';
import { LIMITS } from '../../../src/protocol';
import { channelDeliveries, channelHealth, messages } from '../../db/schema';
import type { CommandScope } from '../../domain/core/command-scope';
import { runInScope } from '../../domain/core/run-in-scope';
import { healthPut } from '../../domain/channels/channel-changes';
import { lockOrganizationLog } from '../../sync/event-log';
import { messagePut } from '../../domain/channels/held-replies';
import type { PipelineDeps } from './pipeline-deps';

/**
 * A channel whose provider refused its credentials themselves — a lapsed or revoked access token
 * (Meta's code 190, Telegram's 401) — cannot send anything until an administrator authorises it
 * again, and trying each reply twelve times and then calling it undelivered would lose the
 * operator's words for a reason that has nothing to do with them (docs/channels.md "Lapsed
 * credentials"). So the reply is held instead: its job leaves the due queue without counting an
 * attempt, the message says it waits for the channel, and the channel's health says
 * "reauthorization required". Replies written meanwhile are held without asking the provider.
 * A save that checked new credentials with the provider releases them all, each to go once.
 */

type Job = typeof channelDeliveries.$inferSelect;

/** Whether the channel's credentials are known to have lapsed: its replies are held untried. */
export async function awaitsReauthorization(
  deps: PipelineDeps,
  channelId: string,
): Promise<boolean> {
  const [health] = await deps.database.db
    .select({ required: channelHealth.reauthorizationRequired })
    .from(channelHealth)
    .where(eq(channelHealth.id, channelId));
  return health?.required ?? false;
}

/**
 * Holds a claimed job whose channel needs authorising again: out of the due queue, its attempt
 * not counted, its message marked as waiting, and the channel's health saying why (the first
 * time, with the provider's words). Synced to everyone who sees the chat or the channel.
 */
export async function holdForReauthorization(
  deps: PipelineDeps,
  job: Job,
  reason: string,
): Promise<void> {
  const now = deps.clock.now();
  const lastError = reason.slice(0, LIMITS.deliveryReasonMax);
  const appended = await deps.database.db.transaction(async (tx) => {
    // The organization before any row, as every unit of work of it locks (runInScope).
    await lockOrganizationLog(tx, job.orgId);
    const [held] = await tx
      .update(channelDeliveries)
      .set({
        state: 'held',
        dueAt: null,
        // The refused attempt was the credentials' fault, not the reply's: it does not count.
        attempts: 0,
        lastError,
        updatedAt: now,
      })
      .where(
        and(eq(channelDeliveries.messageId, job.messageId), eq(channelDeliveries.state, 'sending')),
      )
      .returning();
    if (!held) return null;
    return runInScope(
      deps.database,
      tx,
      { orgId: job.orgId, actor: { kind: 'channel', id: job.channelId }, viewer: null },
      { commandId: null, now },
      async (scope) => {
        await tx
          .update(messages)
          .set({ heldFor: 'reauthorization' })
          .where(eq(messages.id, job.messageId));
        const put = await messagePut(tx, job.messageId);
        if (put)
          scope.emit(
            'message.deliveryHeld',
            { chatId: job.chatId, messageId: job.messageId, heldFor: 'reauthorization' },
            [put],
          );
        await flagChannel(scope, job.channelId, lastError);
      },
    );
  });
  if (appended !== null) deps.wake(job.orgId);
}

/**
 * Marks the channel as needing authorising again (once: a flag already set is left as it is),
 * not connected, with the provider's words, and tells everyone who sees the channel.
 */
async function flagChannel(scope: CommandScope, channelId: string, lastError: string) {
  const [flagged] = await scope.tx
    .update(channelHealth)
    .set({
      reauthorizationRequired: true,
      connected: false,
      lastError,
      lastErrorAt: scope.now,
      updatedAt: scope.now,
    })
    .where(and(eq(channelHealth.id, channelId), eq(channelHealth.reauthorizationRequired, false)))
    .returning({ id: channelHealth.id });
  if (!flagged) return;
  const health = await healthPut(scope, channelId);
  scope.emit('channel.reauthorizationRequired', { channelId }, health ? [health] : []);
}

/**
 * The provider refused the channel's credentials outside a send (a token refresh, a receiver's
 * call): the channel needs authorising again, and its replies will be held until it is.
 */
export async function requireReauthorization(
  deps: PipelineDeps,
  channel: { id: string; orgId: string },
  reason: string,
): Promise<void> {
  const now = deps.clock.now();
  const appended = await deps.database.db.transaction(async (tx) => {
    await lockOrganizationLog(tx, channel.orgId);
    return runInScope(
      deps.database,
      tx,
      { orgId: channel.orgId, actor: { kind: 'channel', id: channel.id }, viewer: null },
      { commandId: null, now },
      (scope) => flagChannel(scope, channel.id, reason.slice(0, LIMITS.deliveryReasonMax)),
    );
  });
  if (appended !== null) deps.wake(channel.orgId);
}
