import { setTimeout as sleep } from 'node:timers/promises';
import type { ReceiveContext } from '../adapter';
import { readVkEvents } from './vk-events';
import { VkApiError, type LongPollServer, type VkClient } from './vk-client';

/** Seconds one a_check is held open when there is nothing new (VK allows up to 90). */
const WAIT_SECONDS = 25;
const BACKOFF_START_MS = 1000;
const BACKOFF_MAX_MS = 30_000;
const TS_KEY = 'ts';

/** The events a community's receiver asks VK for, by either way. */
export const VK_EVENTS = {
  message_new: 1,
  message_read: 1,
  // Our own sends come back as message_reply: nothing to take from them.
  message_reply: 0,
  message_edit: 0,
  message_allow: 0,
  message_deny: 0,
  message_typing_state: 0,
} as const;

/**
 * Receives by the Bots Long Poll API, for installations with no public address: VK keeps the
 * community's events and answers each a_check with those after `ts`. The ts is kept in the
 * channel's cursor and moved only after the pipeline stored the answer's events, so a restart
 * asks from where it stopped. `failed: 1` means VK no longer has events that old: go on from
 * the ts it gives (those events are gone at VK too); `2`, the key expired: a new key, the same
 * ts; `3`, both lost: a new key and ts.
 */
export function pollCommunity(
  client: VkClient,
  token: string,
  groupId: number,
  context: ReceiveContext,
): Promise<void> {
  const { signal } = context;
  let backoff = BACKOFF_START_MS;
  // Read afresh: the narrowing of a loop's condition does not see an abort during an await.
  const stopped = (): boolean => signal.aborted;

  const loop = async (): Promise<void> => {
    await client.setEvents(token, { groupId }, VK_EVENTS, signal);
    let server: LongPollServer = await client.longPollServer(token, groupId, signal);
    const stored = await context.cursor.get(TS_KEY);
    if (stored !== null) server = { ...server, ts: stored };
    while (!signal.aborted) {
      const answer = await client.longPollCheck(server, WAIT_SECONDS, signal);
      context.health({ connected: true });
      backoff = BACKOFF_START_MS;
      if (answer.kind === 'failed') {
        if (answer.failed === 1 && answer.ts !== undefined) server = { ...server, ts: answer.ts };
        else {
          const fresh = await client.longPollServer(token, groupId, signal);
          server = answer.failed === 2 ? { ...fresh, ts: server.ts } : fresh;
        }
        await context.cursor.set(TS_KEY, server.ts);
        continue;
      }
      const batch = readVkEvents(answer.updates, groupId);
      if (batch.events.length > 0) await context.deliver(batch.events);
      if (batch.statuses.length > 0) await context.statuses(batch.statuses);
      server = { ...server, ts: answer.ts };
      await context.cursor.set(TS_KEY, answer.ts);
    }
  };

  const run = async (): Promise<void> => {
    while (!signal.aborted) {
      try {
        await loop();
      } catch (error) {
        // Stopping aborts the held a_check: that is no failure to report.
        if (stopped()) return;
        context.health({
          connected: false,
          error: error instanceof VkApiError ? error.message : 'receiving failed',
        });
        await sleep(backoff, undefined, { signal }).catch(() => undefined);
        backoff = Math.min(backoff * 2, BACKOFF_MAX_MS);
      }
    }
  };
  return run();
}
